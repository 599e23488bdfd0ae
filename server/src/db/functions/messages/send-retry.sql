-- The answer to a send id the sender used before, asked before any check (send_one, and the server
-- for a send it refuses itself: src/messages/send-message.ts): the first message when the retry asks
-- for the same one, `send_id_reused` when it asks for another, null for a send id never used. A
-- block or a keyword change since the first send must not fail the retry of a delivered message.
CREATE OR REPLACE FUNCTION send_retry(s jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_sender uuid := (s->>'sender_id')::uuid;
  v_recipient uuid := (s->>'recipient_id')::uuid;
  v_chat uuid := (s->>'chat_id')::uuid;
  m messages;
BEGIN
  SELECT * INTO m FROM messages WHERE sender_id = v_sender AND send_id = s->>'send_id';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF v_chat IS NULL THEN
    SELECT id INTO v_chat FROM chats
      WHERE user_low = least(v_sender, v_recipient) AND user_high = greatest(v_sender, v_recipient);
  END IF;
  IF (m.type, m.chat_id, m.recipient_id, m.text, m.gif_url, m.media_id, m.price, m.self_destruct,
        m.parent_message_id)
      IS DISTINCT FROM (s->>'type', v_chat, v_recipient, s->>'text', s->>'gif_url', (s->>'media_id')::uuid,
        (s->>'price')::integer, (s->>'self_destruct')::boolean, (s->>'parent_message_id')::bigint)
      -- A bundle's items, in order, as the server writes them (lower-case ids, `preview` always given).
      OR (SELECT jsonb_agg(jsonb_build_object('media_id', media_id, 'preview', preview) ORDER BY position)
          FROM message_media WHERE message_id = m.id)
        IS DISTINCT FROM nullif(s->'media_items', 'null'::jsonb) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'send_id_reused');
  END IF;
  RETURN jsonb_build_object('status', 'stored', 'message', to_jsonb(m), 'credits', credits_of(v_sender));
END $$;
