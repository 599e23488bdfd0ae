-- A user's (or, with a null owner, the platform's) account of a kind, opened on first use.
CREATE OR REPLACE FUNCTION ledger_account(p_owner uuid, p_kind text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  IF p_owner IS NULL THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE owner_id IS NULL AND kind = p_kind;
    RETURN v_id;
  END IF;
  SELECT id INTO v_id FROM ledger_accounts WHERE owner_id = p_owner AND kind = p_kind;
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (owner_id, kind) VALUES (p_owner, p_kind)
      ON CONFLICT DO NOTHING RETURNING id INTO v_id;
    IF v_id IS NULL THEN
      SELECT id INTO v_id FROM ledger_accounts WHERE owner_id = p_owner AND kind = p_kind;
    END IF;
  END IF;
  RETURN v_id;
END $$;
