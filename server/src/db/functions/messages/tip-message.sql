-- A fan tips the creator of a chat, in one round trip: both users' rows locked in id order first
-- (src/db/transaction.ts), every check that reads the database before the first write, so a refusal
-- writes nothing, then the writes and the events. A retried tip already made is answered as it was,
-- before the block is asked (as sends are). Sequential scans are off as in send_messages.
-- `t` is prepared by src/messages/tip.ts (and described there with zod): the fan, chat, amount,
-- send id, the fan's message and the post tipped on (both may be null), whether the creator awaits
-- approval, the provider's default for the tips feature, the list preview, both messages' texts,
-- their notice (the amount each side's screen words) and views (tip_user for the fan, tip_model for
-- the creator) without the four values only the database knows.
CREATE OR REPLACE FUNCTION tip_message(t jsonb, p_share numeric) RETURNS jsonb LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
  v_fan uuid := (t->>'fan_id')::uuid;
  v_chat uuid := (t->>'chat_id')::uuid;
  v_amount integer := (t->>'amount')::integer;
  v_creator uuid;
  v_credits bigint;
  me users;
  creator users;
  m messages;
  notice messages;
  v_counters user_counters;
  v_fan_payloads jsonb[];
  v_creator_payloads jsonb[];
  v_events jsonb[];
  v_notes jsonb[];
  v_creator_types text[];
BEGIN
  -- The other member decides which rows to lock; a chat's members never change.
  SELECT o.user_id INTO v_creator FROM chat_members c JOIN chat_members o ON o.chat_id = c.chat_id
    WHERE c.chat_id = v_chat AND c.user_id = v_fan AND o.user_id <> v_fan;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_found');
  END IF;
  PERFORM 1 FROM users WHERE id IN (v_fan, v_creator) ORDER BY id FOR NO KEY UPDATE;
  -- The users' row locks serialize this with every other send or tip by the fan, so a send id used
  -- before is always found here, never raced past.
  SELECT * INTO m FROM messages WHERE sender_id = v_fan AND send_id = t->>'send_id';
  -- A creator awaiting approval takes no new tip (docs/rules.md, Restricted creators); a retry of one
  -- made before is answered below.
  IF NOT FOUND AND (t->>'creator_restricted')::boolean THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'creator_unavailable');
  END IF;
  SELECT * INTO STRICT me FROM users WHERE id = v_fan;
  SELECT * INTO STRICT creator FROM users WHERE id = v_creator;
  IF me.frozen THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'frozen');
  END IF;
  -- Only the fan of a fan-creator pair tips.
  IF NOT is_fan_of(me, creator) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'tip_not_allowed');
  END IF;
  -- The creator's own feature permission, else the provider's default.
  IF NOT coalesce((creator.features->>'tips')::boolean, (t->>'tips_default')::boolean) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'tips_disabled');
  END IF;
  IF m.id IS NOT NULL THEN
    IF m.type <> 'tip_user' OR m.chat_id <> v_chat OR m.cost <> v_amount
        OR m.tip_note IS DISTINCT FROM t->>'note' OR m.tip_post_id IS DISTINCT FROM (t->>'post_id')::uuid THEN
      RETURN jsonb_build_object('status', 'refused', 'code', 'send_id_reused');
    END IF;
    RETURN jsonb_build_object('status', 'stored', 'message', to_jsonb(m), 'credits', credits_of(v_fan));
  END IF;
  IF pair_blocked(v_fan, v_creator) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'blocked');
  END IF;
  -- The fan's row lock keeps their other charges out until commit, so this balance holds.
  v_credits := credits_of(v_fan);
  IF v_credits < v_amount THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_enough_credits', 'credits', v_credits);
  END IF;

  -- The fan's copy carries the send id; the creator's copy counts as unread and sets the tip badge.
  INSERT INTO messages (chat_id, sender_id, recipient_id, visible_to, system, type, text, notice, cost,
      send_id, tip_note, tip_post_id, created_at)
    VALUES (v_chat, v_fan, v_creator, v_fan, true, 'tip_user', t->>'fan_text', t->'notice', v_amount,
      t->>'send_id', t->>'note', (t->>'post_id')::uuid, date_trunc('milliseconds', now()))
    RETURNING * INTO m;
  PERFORM charge_fan('tip', v_fan, v_creator, v_amount, p_share, 'tip:' || m.id,
    jsonb_build_object('message_id', m.id, 'chat_id', v_chat) || CASE WHEN t->>'post_id' IS NULL
      THEN '{}'::jsonb ELSE jsonb_build_object('post_id', t->>'post_id') END);
  INSERT INTO messages (chat_id, sender_id, recipient_id, visible_to, system, type, text, notice, cost,
      tip_note, tip_post_id, created_at)
    VALUES (v_chat, v_fan, v_creator, v_creator, true, 'tip_model', t->>'creator_text', t->'notice',
      v_amount, t->>'note', (t->>'post_id')::uuid, m.created_at)
    RETURNING * INTO notice;
  v_counters := record_delivery(notice, v_amount, t->>'preview');

  -- The fan sees only their copy, the creator only theirs; logs are appended in user id order.
  v_fan_payloads := ARRAY[jsonb_build_object('message', (t->'fan_view') || jsonb_build_object(
    '_id', m.id::text, 'chat_id', v_chat, 'recipient_id', v_creator,
    'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))];
  v_creator_payloads := ARRAY[
    jsonb_build_object('message', (t->'creator_view') || jsonb_build_object(
      '_id', notice.id::text, 'chat_id', v_chat, 'recipient_id', v_creator,
      'created_at', to_char(notice.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
    jsonb_build_object('unread_messages', v_counters.unread,
      'unread_messages_favorites', v_counters.unread_favorites)];
  -- The creator's record of the tip (docs/rules.md, "Notifications").
  v_notes := ARRAY(SELECT a.payload FROM add_notification(ARRAY[v_creator], 'tip', v_fan, v_amount, v_chat,
    (t->>'post_id')::uuid, NULL, '/chats/' || v_fan) a);
  v_creator_types := notification_types(ARRAY['new_message', 'unread_messages'], v_notes);
  v_creator_payloads := v_creator_payloads || v_notes;
  IF v_fan < v_creator THEN
    v_events := append_events(v_fan, ARRAY['new_message'], v_fan_payloads)
      || append_events(v_creator, v_creator_types, v_creator_payloads);
  ELSE
    v_events := append_events(v_creator, v_creator_types, v_creator_payloads)
      || append_events(v_fan, ARRAY['new_message'], v_fan_payloads);
  END IF;
  RETURN jsonb_build_object('status', 'created', 'message', to_jsonb(m), 'credits', v_credits - v_amount,
    'events', to_jsonb(v_events));
END $$;
