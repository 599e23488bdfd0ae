-- Creator earnings keep no cached balance. Every paid message credits its creator, so a cached balance
-- would be one row all of a popular creator's fans queue on; like the platform's accounts, an earnings
-- balance is the sum of its entries. Fans' credits keep theirs and its CHECK.
CREATE OR REPLACE FUNCTION ledger_accounts_earnings_uncached() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'earnings' THEN
    NEW.cached_balance := false;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER ledger_accounts_earnings_uncached BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_earnings_uncached();
