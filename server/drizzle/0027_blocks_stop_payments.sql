-- Blocks stop money as they stop messages (docs/rules.md, Blocks): a block either way refuses a tip
-- and an unlock between the two people, however it is paid (credits, or a card payment finishing
-- with one), as `send_one` (migration 0010) refuses a message. `pair_blocked` is the rule's one home
-- for every later function and for the server's own checks (src/chats/chat-store.ts).
CREATE FUNCTION pair_blocked(p_a uuid, p_b uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = p_a AND blocked_id = p_b)
    OR (blocker_id = p_b AND blocked_id = p_a))
$$;
--> statement-breakpoint

-- tip_message and buy_message of migration 0012 with the block check, keeping migration 0026's
-- setting. A retried tip already made is answered as it was, before the block is asked (as sends are).
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
BEGIN
  -- The other member decides which rows to lock; a chat's members never change.
  SELECT o.user_id INTO v_creator FROM chat_members c JOIN chat_members o ON o.chat_id = c.chat_id
    WHERE c.chat_id = v_chat AND c.user_id = v_fan AND o.user_id <> v_fan;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_found');
  END IF;
  IF t ? 'refusal' THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'checked');
  END IF;
  PERFORM 1 FROM users WHERE id IN (v_fan, v_creator) ORDER BY id FOR NO KEY UPDATE;
  SELECT * INTO STRICT me FROM users WHERE id = v_fan;
  SELECT * INTO STRICT creator FROM users WHERE id = v_creator;
  -- Only the fan of a fan-creator pair tips (src/chats/pair-rules.ts, fanOf).
  IF NOT (me.type = 'user' AND creator.type = 'featured' AND NOT (me.is_staff OR me.is_staff_mo)) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'tip_not_allowed');
  END IF;
  -- The creator's own feature permission, else the provider's default.
  IF NOT coalesce((creator.features->>'tips')::boolean, (t->>'tips_default')::boolean) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'tips_disabled');
  END IF;
  -- The users' row locks serialize this with every other send or tip by the fan, so a send id used
  -- before is always found here, never raced past.
  SELECT * INTO m FROM messages WHERE sender_id = v_fan AND send_id = t->>'send_id';
  IF FOUND THEN
    IF m.type <> 'tip_user' OR m.chat_id <> v_chat OR m.cost <> v_amount THEN
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
  INSERT INTO messages (chat_id, sender_id, recipient_id, visible_to, system, type, text, cost, send_id,
      created_at)
    VALUES (v_chat, v_fan, v_creator, v_fan, true, 'tip_user', t->>'fan_text', v_amount, t->>'send_id',
      date_trunc('milliseconds', now()))
    RETURNING * INTO m;
  PERFORM charge_fan('tip', v_fan, v_creator, v_amount, p_share, 'tip:' || m.id,
    jsonb_build_object('message_id', m.id, 'chat_id', v_chat));
  INSERT INTO messages (chat_id, sender_id, recipient_id, visible_to, system, type, text, cost, created_at)
    VALUES (v_chat, v_fan, v_creator, v_creator, true, 'tip_model', t->>'creator_text', v_amount,
      m.created_at)
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
  IF v_fan < v_creator THEN
    v_events := append_events(v_fan, ARRAY['new_message'], v_fan_payloads)
      || append_events(v_creator, ARRAY['new_message', 'unread_messages'], v_creator_payloads);
  ELSE
    v_events := append_events(v_creator, ARRAY['new_message', 'unread_messages'], v_creator_payloads)
      || append_events(v_fan, ARRAY['new_message'], v_fan_payloads);
  END IF;
  RETURN jsonb_build_object('status', 'created', 'message', to_jsonb(m), 'credits', v_credits - v_amount,
    'events', to_jsonb(v_events));
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION buy_message(p_buyer uuid, p_message bigint, p_share numeric,
  p_destruct_ms bigint) RETURNS jsonb LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_seller uuid;
  v_key text := 'purchase:' || p_message || ':' || p_buyer;
  v_credits bigint;
  v_tx uuid;
  v_paid jsonb;
  m messages;
  mine chat_members;
BEGIN
  -- The sender decides which rows to lock; a message's sender never changes.
  SELECT sender_id INTO v_seller FROM messages WHERE id = p_message;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_found');
  END IF;
  PERFORM 1 FROM users WHERE id IN (p_buyer, v_seller) ORDER BY id FOR NO KEY UPDATE;
  SELECT * INTO m FROM messages WHERE id = p_message;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_found');
  END IF;
  -- Only a member who can see the message learns it exists (src/messages/visible.ts).
  SELECT * INTO mine FROM chat_members WHERE chat_id = m.chat_id AND user_id = p_buyer;
  IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM chat_members WHERE chat_id = m.chat_id AND user_id <> p_buyer)
      OR m.deleted_at IS NOT NULL OR m.visible_to <> p_buyer
      OR m.id < mine.cleared_before
      OR EXISTS (SELECT 1 FROM hidden_messages h WHERE h.message_id = m.id AND h.user_id = p_buyer) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_found');
  END IF;
  IF m.recipient_id <> p_buyer OR m.price <= 0 THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_for_sale');
  END IF;
  IF EXISTS (SELECT 1 FROM purchases WHERE message_id = m.id AND buyer_id = p_buyer)
      OR EXISTS (SELECT 1 FROM ledger_transactions WHERE idempotency_key = v_key) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'already_purchased');
  END IF;
  IF pair_blocked(p_buyer, v_seller) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'blocked');
  END IF;
  -- The buyer's row lock keeps their other charges out until commit, so this balance holds.
  v_credits := credits_of(p_buyer);
  IF v_credits < m.price THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'not_enough_credits', 'credits', v_credits);
  END IF;

  v_tx := charge_fan('purchase', p_buyer, v_seller, m.price, p_share, v_key,
    jsonb_build_object('message_id', m.id));
  INSERT INTO purchases (message_id, buyer_id, price, transaction_id) VALUES (m.id, p_buyer, m.price, v_tx);
  IF m.self_destruct THEN
    UPDATE messages SET destruct_at = date_trunc('milliseconds', clock_timestamp())
        + p_destruct_ms * interval '1 millisecond'
      WHERE id = m.id RETURNING * INTO m;
  END IF;
  UPDATE chat_members SET spent_by_other = spent_by_other + m.price
    WHERE chat_id = m.chat_id AND user_id = v_seller;

  v_paid := jsonb_build_object('message_id', m.id::text, 'chat_id', m.chat_id,
    'destruct_at', to_char(m.destruct_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  RETURN jsonb_build_object('status', 'bought', 'message', to_jsonb(m), 'credits', v_credits - m.price,
    'events', to_jsonb(append_events(least(p_buyer, v_seller), ARRAY['message_paid'], ARRAY[v_paid])
      || append_events(greatest(p_buyer, v_seller), ARRAY['message_paid'], ARRAY[v_paid])));
END $$;
