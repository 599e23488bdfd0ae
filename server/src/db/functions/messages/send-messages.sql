-- A batch of sends in one transaction and one commit. Every user of the batch is locked first,
-- in id order, so batches and every other transaction between users (src/db/transaction.ts)
-- queue in one global order. A refused send writes nothing and is answered with its error; its
-- batch-mates commit.
CREATE OR REPLACE FUNCTION send_messages(p_sends jsonb, p_share numeric) RETURNS jsonb LANGUAGE plpgsql
-- Lookups by key only: a plan cached while a table was nearly empty must not stay a sequential scan
-- as the table grows (a 100,000-message broadcast into a fresh table made every send scan it).
SET enable_seqscan = off AS $$
DECLARE
  s jsonb;
  v_out jsonb[] := '{}';
BEGIN
  PERFORM 1 FROM users WHERE id IN (
      SELECT (e->>'sender_id')::uuid FROM jsonb_array_elements(p_sends) e
      UNION SELECT (e->>'recipient_id')::uuid FROM jsonb_array_elements(p_sends) e)
    ORDER BY id FOR NO KEY UPDATE;
  FOR s IN SELECT value FROM jsonb_array_elements(p_sends) LOOP
    v_out := array_append(v_out, send_one(s, p_share));
  END LOOP;
  RETURN to_jsonb(v_out);
END $$;
