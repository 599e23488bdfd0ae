-- Appends events to a user's log with the next sequence numbers (as src/realtime/event-log.ts),
-- one sequence update for all of them, and returns them as the notice carries them.
CREATE OR REPLACE FUNCTION append_events(p_user uuid, p_types text[], p_payloads jsonb[]) RETURNS jsonb[]
LANGUAGE plpgsql AS $$
DECLARE
  n integer := cardinality(p_types);
  v_last bigint;
  v_out jsonb[];
BEGIN
  INSERT INTO user_event_seqs (user_id, last_seq) VALUES (p_user, n)
    ON CONFLICT (user_id) DO UPDATE SET last_seq = user_event_seqs.last_seq + n
    RETURNING last_seq INTO v_last;
  WITH added AS (
    INSERT INTO user_events (user_id, seq, type, payload)
      SELECT p_user, v_last - n + e.i, e.type, e.payload
      FROM unnest(p_types, p_payloads) WITH ORDINALITY AS e(type, payload, i)
      RETURNING seq, type, payload, created_at
  )
  SELECT array_agg(jsonb_build_object('user_id', p_user, 'seq', seq, 'type', type, 'payload', payload,
      'created_at', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY seq)
    INTO v_out FROM added;
  RETURN v_out;
END $$;
