-- A fan pays a creator: the creator's share rounded down, the rest to the platform, entries
-- written in account order so concurrent charges take their locks in one order. Null when the
-- idempotency key was charged before.
CREATE OR REPLACE FUNCTION charge_fan(
  p_kind text, p_fan uuid, p_creator uuid, p_amount integer, p_share numeric, p_key text, p_reference jsonb
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid;
  v_creator bigint := floor(p_amount * p_share);
BEGIN
  INSERT INTO ledger_transactions (kind, reference, idempotency_key) VALUES (p_kind, p_reference, p_key)
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT v_tx, e.account_id, e.amount
    FROM (VALUES
      (ledger_account(p_fan, 'credits'), -p_amount::bigint),
      (ledger_account(p_creator, 'earnings'), v_creator),
      (ledger_account(NULL, 'platform_revenue'), p_amount - v_creator)
    ) AS e(account_id, amount)
    WHERE e.amount <> 0
    ORDER BY e.account_id;
  RETURN v_tx;
END $$;
