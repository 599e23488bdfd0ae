-- Everything a new message changes besides its own row (src/messages/deliver.ts calls it too):
-- the chat's last message, both list rows in one statement, the recipient's unread counters.
-- Returns the counters.
CREATE OR REPLACE FUNCTION record_delivery(m messages, p_spent integer, p_preview text)
RETURNS user_counters LANGUAGE plpgsql AS $$
DECLARE
  v_favorite integer;
  v_counters user_counters;
BEGIN
  UPDATE chats SET last_message_id = m.id, last_message_at = m.created_at,
      last_message_text = p_preview, last_message_notice = m.notice, last_sender_id = m.sender_id
    WHERE id = m.chat_id;
  WITH changed AS (
    UPDATE chat_members c SET
        unread = c.unread + (c.user_id = m.recipient_id)::integer,
        unread_tip = c.unread_tip OR (c.user_id = m.recipient_id AND m.type = 'tip_model'),
        spent_by_other = c.spent_by_other + CASE WHEN c.user_id = m.recipient_id THEN p_spent ELSE 0 END,
        last_message_at = m.created_at, last_from_other = c.user_id = m.recipient_id,
        listed = true, hidden = false
      WHERE c.chat_id = m.chat_id AND c.user_id IN (m.sender_id, m.recipient_id)
      RETURNING c.user_id, c.favorite
  )
  SELECT favorite::integer INTO v_favorite FROM changed WHERE user_id = m.recipient_id;
  INSERT INTO user_counters (user_id, unread, unread_favorites)
    VALUES (m.recipient_id, 1, coalesce(v_favorite, 0))
    ON CONFLICT (user_id) DO UPDATE SET unread = user_counters.unread + 1,
      unread_favorites = user_counters.unread_favorites + excluded.unread_favorites
    RETURNING * INTO v_counters;
  RETURN v_counters;
END $$;
