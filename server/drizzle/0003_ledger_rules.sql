-- Ledger rules enforced by the database itself, so no code path can break them.

-- 1. Every entry moves its account's cached balance in the same statement; the CHECK on
--    ledger_accounts then refuses any user balance below zero and aborts the whole transaction.
CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND cached_balance;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint

-- 2. Entries are history: never changed or removed.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- 3. At commit, each transaction's entries must sum to zero (and it must have at least two).
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  n int;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (sum %, % entries)', NEW.transaction_id, total, n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint

-- The platform's own accounts. Promotions and sales mint credits, so they alone may go negative.
-- None keeps a cached balance: they take part in every payment, and a cached balance would be one
-- row that all payments queue on. Their balance is the sum of their entries.
INSERT INTO ledger_accounts (owner_id, kind, allow_negative, cached_balance) VALUES
  (NULL, 'platform_revenue', false, false),
  (NULL, 'promotions', true, false),
  (NULL, 'sales', true, false)
ON CONFLICT DO NOTHING;
