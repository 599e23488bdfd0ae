-- Ledger rules enforced by the database itself, so no code path can break them: each entry moves its
-- account's cached balance, entries are append-only, and each transaction's entries sum to zero.
-- Database functions and their triggers live in src/db/functions (one a file), applied after the
-- migrations by src/db/apply-functions.ts; this migration created or replaced:
--   ledger_apply_entry: src/db/functions/ledger/ledger-apply-entry.sql
--   ledger_refuse_change: src/db/functions/ledger/ledger-refuse-change.sql
--   ledger_check_balanced: src/db/functions/ledger/ledger-check-balanced.sql
--> statement-breakpoint

-- The platform's own accounts. Promotions and sales mint credits, so they alone may go negative.
-- None keeps a cached balance: they take part in every payment, and a cached balance would be one
-- row that all payments queue on. Their balance is the sum of their entries.
INSERT INTO ledger_accounts (owner_id, kind, allow_negative, cached_balance) VALUES
  (NULL, 'platform_revenue', false, false),
  (NULL, 'promotions', true, false),
  (NULL, 'sales', true, false)
ON CONFLICT DO NOTHING;
