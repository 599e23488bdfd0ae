-- Appends many users' events at once: each user's events in the order given, numbered after their
-- last sequence with no gaps. The sequence rows are taken in user id order (as withEvents and the
-- send path do) in one upsert, so a batch of thousands of users costs two statements, not thousands.
CREATE OR REPLACE FUNCTION append_user_events(p_users uuid[], p_types text[], p_payloads jsonb[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH given AS (
    SELECT e.user_id, e.type, e.payload, e.i FROM unnest(p_users, p_types, p_payloads) WITH ORDINALITY AS e(user_id, type, payload, i)
  ), counted AS (
    SELECT user_id, count(*) AS n FROM given GROUP BY user_id
  ), seqs AS (
    INSERT INTO user_event_seqs AS s (user_id, last_seq)
      SELECT user_id, n FROM counted ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET last_seq = s.last_seq + excluded.last_seq
      RETURNING s.user_id, s.last_seq
  )
  INSERT INTO user_events (user_id, seq, type, payload)
    SELECT g.user_id, s.last_seq - c.n + row_number() OVER (PARTITION BY g.user_id ORDER BY g.i), g.type, g.payload
    FROM given g JOIN counted c ON c.user_id = g.user_id JOIN seqs s ON s.user_id = g.user_id;
END $$;
