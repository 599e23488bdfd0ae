-- A user's credits as the send path reads them: the cached balance of their credits account.
CREATE OR REPLACE FUNCTION credits_of(p_user uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT balance FROM ledger_accounts WHERE owner_id = p_user AND kind = 'credits'), 0)
$$;
