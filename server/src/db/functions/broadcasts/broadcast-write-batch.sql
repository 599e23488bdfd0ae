-- Writes the next `p_limit` recipients of a sending broadcast in one transaction, each recipient's
-- rows driven from arrays (so no plan depends on how well the statistics know a table just filled):
-- the messages and everything they change in one statement. Recipients who can no longer be reached
-- (a block, a ban, a chat the creator deleted since) are dropped. Answers how many were written and
-- the users to notify; `done` when the broadcast is no longer sending (canceled, or finished).
CREATE OR REPLACE FUNCTION broadcast_write_batch(p_broadcast uuid, p_limit integer) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  b broadcasts;
  v_chats uuid[];
  v_fans uuid[];
  v_skipped uuid[];
  v_now timestamptz := date_trunc('milliseconds', clock_timestamp());
  v_written integer;
  v_users jsonb;
BEGIN
  -- The row lock makes two runs of one job (a retry while a stalled try still runs) take turns.
  SELECT * INTO b FROM broadcasts WHERE id = p_broadcast FOR NO KEY UPDATE;
  IF NOT FOUND OR b.status <> 'sending' THEN
    RETURN jsonb_build_object('written', 0, 'user_ids', '[]'::jsonb, 'done', true);
  END IF;
  SELECT array_agg(chat_id ORDER BY fan_id), array_agg(fan_id ORDER BY fan_id) INTO v_chats, v_fans FROM (
    SELECT chat_id, fan_id FROM broadcast_recipients
    WHERE broadcast_id = p_broadcast AND message_id IS NULL ORDER BY fan_id LIMIT p_limit
  ) r;
  IF v_chats IS NULL THEN
    RETURN jsonb_build_object('written', 0, 'user_ids', '[]'::jsonb, 'done', true);
  END IF;
  -- Every user of the batch in id order, as every transaction between users locks them.
  PERFORM 1 FROM users WHERE id = b.creator_id OR id = ANY(v_fans) ORDER BY id FOR NO KEY UPDATE;

  -- Recipients who can no longer be reached since they were resolved are dropped.
  WITH gone AS (
    -- Each lookup by its whole key, per recipient (OFFSET 0 keeps the planner from turning one into
    -- a scan of all the creator's chats when its statistics underestimate them).
    SELECT x.chat_id FROM unnest(v_chats, v_fans) AS x(chat_id, fan_id)
    LEFT JOIN LATERAL (SELECT m.chat_id, m.listed FROM chat_members m
      WHERE m.user_id = b.creator_id AND m.chat_id = x.chat_id OFFSET 0) mine ON true
    LEFT JOIN LATERAL (SELECT m.chat_id, m.media_blocked FROM chat_members m
      WHERE m.user_id = x.fan_id AND m.chat_id = x.chat_id OFFSET 0) theirs ON true
    LEFT JOIN users f ON f.id = x.fan_id
    LEFT JOIN chats c ON c.id = x.chat_id
    WHERE mine.chat_id IS NULL OR theirs.chat_id IS NULL OR f.id IS NULL OR c.id IS NULL
      OR NOT mine.listed
      OR user_gone(f)
      OR pair_blocked(b.creator_id, x.fan_id)
      OR (b.type IN ('image', 'video') AND theirs.media_blocked)
      OR (c.is_intro AND NOT c.intro_ended)
  ), dropped AS (
    DELETE FROM broadcast_recipients r USING gone
    WHERE r.broadcast_id = p_broadcast AND r.chat_id = gone.chat_id
    RETURNING r.chat_id
  )
  SELECT coalesce(array_agg(chat_id), '{}') INTO v_skipped FROM dropped;

  -- The messages and all they change, in one statement. A paid broadcast of one media the fan already
  -- bought in any message reaches them free (price 0); a bundle is sold whole. Each fan is once in a batch (one chat per
  -- pair), so each counter and sequence row is changed once.
  WITH batch AS (
    SELECT x.chat_id, x.fan_id FROM unnest(v_chats, v_fans) AS x(chat_id, fan_id)
    WHERE x.chat_id <> ALL(v_skipped)
  ), was_hidden AS (
    -- The fans who had hidden the chat (read before `members` brings it back): no alert for them.
    SELECT x.fan_id FROM batch x
    JOIN LATERAL (SELECT m.hidden FROM chat_members m
      WHERE m.user_id = x.fan_id AND m.chat_id = x.chat_id OFFSET 0) theirs ON theirs.hidden
  ), written AS (
    INSERT INTO messages (chat_id, sender_id, recipient_id, type, text, media_id, price, self_destruct, send_id, created_at)
      SELECT x.chat_id, b.creator_id, x.fan_id, b.type, b.text, b.media_id,
        CASE WHEN b.price > 0 AND b.media_id IS NOT NULL AND b.media_items IS NULL AND EXISTS (
          SELECT 1 FROM purchases p JOIN messages pm ON pm.id = p.message_id
          WHERE p.buyer_id = x.fan_id AND pm.media_id = b.media_id) THEN 0 ELSE b.price END,
        b.self_destruct, 'broadcast:' || b.id || ':' || x.fan_id, v_now
      FROM batch x ORDER BY x.fan_id
      RETURNING id, chat_id, recipient_id, price, created_at, text
  ), bundled AS (
    -- A bundle's items on each message, as `write_bundle` lists them.
    INSERT INTO message_media (message_id, position, media_id, preview)
      SELECT w.id, i.ord - 1, (i.item->>'media_id')::uuid, coalesce((i.item->>'preview')::boolean, false)
      FROM written w CROSS JOIN jsonb_array_elements(coalesce(b.media_items, '[]'::jsonb)) WITH ORDINALITY AS i(item, ord)
  ), marked AS (
    UPDATE broadcast_recipients r SET message_id = w.id FROM written w
      WHERE r.broadcast_id = p_broadcast AND r.chat_id = w.chat_id
  ), listed AS (
    UPDATE chats c SET last_message_id = m.id, last_message_at = m.created_at,
        last_message_text = CASE WHEN m.price = 0 AND b.price > 0 THEN left(m.text, 200) ELSE b.preview END,
        last_sender_id = b.creator_id
      FROM written m WHERE c.id = m.chat_id
  ), members AS (
    UPDATE chat_members c SET
        unread = c.unread + (c.user_id = m.recipient_id)::integer,
        last_message_at = m.created_at, last_from_other = c.user_id = m.recipient_id,
        listed = true, hidden = false
      FROM written m
      WHERE c.chat_id = m.chat_id AND c.user_id IN (b.creator_id, m.recipient_id)
      RETURNING c.user_id, c.favorite, m.recipient_id
  ), counters AS (
    INSERT INTO user_counters AS u (user_id, unread, unread_favorites)
      SELECT user_id, 1, favorite::integer FROM members WHERE user_id = recipient_id ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET unread = u.unread + 1,
        unread_favorites = u.unread_favorites + excluded.unread_favorites
      RETURNING u.user_id, u.unread, u.unread_favorites
  ), seqs AS (
    -- Each fan's two events: the message as they see it, then their counters.
    INSERT INTO user_event_seqs AS s (user_id, last_seq)
      SELECT recipient_id, 2 FROM written ORDER BY recipient_id
      ON CONFLICT (user_id) DO UPDATE SET last_seq = s.last_seq + 2
      RETURNING s.user_id, s.last_seq
  ), logged AS (
    INSERT INTO user_events (user_id, seq, type, payload)
      SELECT m.recipient_id, s.last_seq - 1, 'new_message', jsonb_build_object('message',
        (CASE WHEN m.price = 0 AND b.price > 0 THEN b.views->'owned' ELSE b.views->'recipient' END)
          || jsonb_build_object('_id', m.id::text, 'chat_id', m.chat_id, 'recipient_id', m.recipient_id,
            'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        || CASE WHEN m.recipient_id IN (SELECT fan_id FROM was_hidden) THEN '{"was_hidden": true}'::jsonb
          ELSE '{}'::jsonb END
      FROM written m JOIN seqs s ON s.user_id = m.recipient_id
      UNION ALL
      SELECT u.user_id, s.last_seq, 'unread_messages', jsonb_build_object('unread_messages', u.unread,
        'unread_messages_favorites', u.unread_favorites)
      FROM counters u JOIN seqs s ON s.user_id = u.user_id
      RETURNING user_id, type
  )
  SELECT count(*) FILTER (WHERE type = 'new_message'),
      coalesce(jsonb_agg(user_id) FILTER (WHERE type = 'new_message'), '[]'::jsonb)
    INTO v_written, v_users FROM logged;

  RETURN jsonb_build_object('written', v_written, 'done', false, 'user_ids', v_users);
END $$;
