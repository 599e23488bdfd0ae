-- One send: every rule of a message that reads the database (the send id, the media or bundle, the recipient,
-- the chat, blocks, the quoted message, the price, the balance, the end of an intro). `s` is
-- prepared by src/messages/send-message.ts and described there with zod (send-handoff.ts): the body
-- with its ids checked, the list preview, both members' views of the message without the three
-- values only the insert knows and, from a creator, the notices of an intro's end. Every check runs
-- before the first write, so a refused send returns its error and leaves nothing to undo.
CREATE OR REPLACE FUNCTION send_one(s jsonb, p_share numeric) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_sender uuid := (s->>'sender_id')::uuid;
  v_recipient uuid := (s->>'recipient_id')::uuid;
  v_chat uuid := (s->>'chat_id')::uuid;
  v_type text := s->>'type';
  v_media uuid := (s->>'media_id')::uuid;
  v_parent bigint := (s->>'parent_message_id')::bigint;
  v_cost integer := 0;
  v_credits bigint;
  me users;
  other users;
  c chats;
  mine chat_members;
  theirs chat_members;
  md media;
  m messages;
  v_counters user_counters;
  v_known jsonb;
  v_retry jsonb;
  v_intro_ends boolean;
  v_notice jsonb;
  v_sender_events text[] := ARRAY['new_message'];
  v_sender_payloads jsonb[];
  v_recipient_events text[] := ARRAY['new_message', 'unread_messages'];
  v_recipient_payloads jsonb[];
  v_notes jsonb[];
BEGIN
  v_retry := send_retry(s);
  IF v_retry IS NOT NULL THEN
    RETURN v_retry;
  END IF;

  SELECT * INTO STRICT me FROM users WHERE id = v_sender;
  IF v_type IN ('image', 'video') THEN
    SELECT * INTO md FROM media WHERE id = v_media;
    IF NOT FOUND OR md.owner_id <> v_sender OR md.deleted_at IS NOT NULL OR md.status <> 'ready' THEN
      RETURN jsonb_build_object('status', 'refused', 'code', 'media_not_usable');
    END IF;
    IF md.kind <> v_type THEN
      RETURN jsonb_build_object('status', 'refused', 'code', 'media_kind', 'arg', v_type);
    END IF;
    -- A bundle's first item is `media_id` (checked above); every other item must be usable too.
    IF s->'media_items' IS NOT NULL AND jsonb_typeof(s->'media_items') = 'array'
        AND NOT bundle_usable(v_sender, s->'media_items') THEN
      RETURN jsonb_build_object('status', 'refused', 'code', 'media_not_usable');
    END IF;
  END IF;
  SELECT * INTO other FROM users WHERE id = v_recipient;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'user_not_found');
  END IF;
  IF user_gone(other) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'gone');
  END IF;
  IF v_chat IS NULL THEN
    SELECT id INTO v_chat FROM chats
      WHERE user_low = least(v_sender, v_recipient) AND user_high = greatest(v_sender, v_recipient);
  END IF;
  SELECT * INTO mine FROM chat_members WHERE chat_id = v_chat AND user_id = v_sender;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_found');
  END IF;
  SELECT * INTO theirs FROM chat_members WHERE chat_id = v_chat AND user_id <> v_sender;
  IF NOT FOUND OR theirs.user_id <> v_recipient THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_found');
  END IF;
  IF pair_blocked(v_sender, v_recipient) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'blocked');
  END IF;
  IF v_type IN ('image', 'video', 'gif') AND theirs.media_blocked THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'media_blocked');
  END IF;
  -- A reply quotes a message the sender can see in this chat.
  IF v_parent IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM messages p WHERE p.id = v_parent AND p.chat_id = v_chat
        AND message_visible(p, v_sender, mine.cleared_before)) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'bad_parent');
  END IF;

  -- The price is decided with the chat locked, after the users: two concurrent first messages of
  -- an intro cannot both see no earlier message.
  SELECT * INTO STRICT c FROM chats WHERE id = v_chat FOR NO KEY UPDATE;
  -- The creator's answer ends the intro (src/messages/intro.ts prepares its two notices).
  v_intro_ends := c.is_intro AND NOT c.intro_ended AND me.type = 'featured';
  -- What a fan pays: the chat's rate, nothing while their intro runs.
  IF is_fan_of(me, other) THEN
    v_cost := c.credit_rate;
    IF c.is_intro AND NOT c.intro_ended AND NOT EXISTS (
        SELECT 1 FROM messages WHERE chat_id = c.id AND sender_id = v_sender AND NOT system) THEN
      v_cost := 0;
    END IF;
  END IF;
  -- The sender's row lock keeps every other charge of theirs out until commit, so the balance read
  -- here holds; the CHECK on ledger_accounts still refuses a balance below zero whatever happens.
  v_credits := credits_of(v_sender);
  IF v_credits < v_cost THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_enough_credits', 'credits', v_credits);
  END IF;

  INSERT INTO messages (chat_id, sender_id, recipient_id, type, text, gif_url, media_id, price, cost,
      self_destruct, parent_message_id, send_id, created_at)
    VALUES (v_chat, v_sender, v_recipient, v_type, s->>'text', s->>'gif_url', v_media,
      (s->>'price')::integer, v_cost, (s->>'self_destruct')::boolean, v_parent, s->>'send_id',
      date_trunc('milliseconds', clock_timestamp()))
    RETURNING * INTO m;
  IF jsonb_typeof(s->'media_items') = 'array' THEN
    PERFORM write_bundle(m.id, s->'media_items');
  END IF;
  IF v_cost > 0 THEN
    PERFORM charge_fan('message', v_sender, v_recipient, v_cost, p_share, 'message:' || m.id,
      jsonb_build_object('message_id', m.id, 'chat_id', v_chat));
  END IF;
  v_counters := record_delivery(m, v_cost, s->>'preview');

  v_known := jsonb_build_object('_id', m.id::text, 'chat_id', v_chat,
    'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  v_sender_payloads := ARRAY[jsonb_build_object('message', (s->'sender_view') || v_known)];
  -- `was_hidden`: the message brought back a chat its recipient had hidden, so no alert tells of it.
  v_recipient_payloads := ARRAY[jsonb_build_object('message', (s->'recipient_view') || v_known)
      || CASE WHEN theirs.hidden THEN '{"was_hidden": true}'::jsonb ELSE '{}'::jsonb END,
    jsonb_build_object('unread_messages', v_counters.unread,
      'unread_messages_favorites', v_counters.unread_favorites)];
  IF v_intro_ends THEN
    -- From now on the chat's rate applies; each side is told in a notice only they see.
    UPDATE chats SET intro_ended = true WHERE id = v_chat;
    v_recipient_events := v_recipient_events || 'new_message'::text;
    v_notice := jsonb_build_object('kind', s->'intro_end'->>'notice_kind', 'amount', c.credit_rate);
    v_recipient_payloads := v_recipient_payloads || write_notice(v_chat, v_recipient, v_sender, 'intro_ended',
      v_notice, s->'intro_end'->'fan_view', m.created_at);
    v_sender_events := v_sender_events || 'new_message'::text;
    v_sender_payloads := v_sender_payloads || write_notice(v_chat, v_sender, v_recipient, 'intro_ended_model',
      v_notice, s->'intro_end'->'creator_view', m.created_at);
  END IF;
  -- The recipient's record, gathered with the chat's unread one (docs/rules.md, "Notifications").
  v_notes := ARRAY(SELECT a.payload FROM add_notification(ARRAY[v_recipient], 'message', v_sender, NULL,
    v_chat, NULL, s->>'notification_detail', '/chats/' || v_sender) a);
  v_recipient_events := notification_types(v_recipient_events, v_notes);
  v_recipient_payloads := v_recipient_payloads || v_notes;
  RETURN jsonb_build_object('status', 'created', 'message', to_jsonb(m), 'credits', v_credits - v_cost,
    'events', to_jsonb(append_events(v_sender, v_sender_events, v_sender_payloads)
      || append_events(v_recipient, v_recipient_events, v_recipient_payloads)));
END $$;
