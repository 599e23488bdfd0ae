-- A fan unlocks a pay-per-view message (one media, a bundle of several, or text), in one round trip
-- like a tip: one purchase opens everything the message carries. Sequential scans are off as in
-- send_messages.
CREATE OR REPLACE FUNCTION buy_message(p_buyer uuid, p_message bigint, p_share numeric,
  p_destruct_ms bigint) RETURNS jsonb LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_seller uuid;
  v_key text := 'purchase:' || p_message || ':' || p_buyer;
  v_credits bigint;
  v_tx uuid;
  v_paid jsonb;
  v_notes jsonb[];
  v_events jsonb[];
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
  -- Only a member who can see the message learns it exists.
  SELECT * INTO mine FROM chat_members WHERE chat_id = m.chat_id AND user_id = p_buyer;
  IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM chat_members WHERE chat_id = m.chat_id AND user_id <> p_buyer)
      OR NOT message_visible(m, p_buyer, mine.cleared_before) THEN
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
  -- The one purchase opens every item of a bundle (or its one media), each once by its primary key,
  -- with the creator's share of this charge attributed across them.
  PERFORM attribute_purchase(m.id, m.media_id, p_buyer, (SELECT coalesce(sum(e.amount), 0)::bigint
    FROM ledger_entries e WHERE e.transaction_id = v_tx AND e.account_id = ledger_account(v_seller, 'earnings')));
  IF m.self_destruct THEN
    UPDATE messages SET destruct_at = date_trunc('milliseconds', clock_timestamp())
        + p_destruct_ms * interval '1 millisecond'
      WHERE id = m.id RETURNING * INTO m;
  END IF;
  UPDATE chat_members SET spent_by_other = spent_by_other + m.price
    WHERE chat_id = m.chat_id AND user_id = v_seller;

  v_paid := jsonb_build_object('message_id', m.id::text, 'chat_id', m.chat_id,
    'destruct_at', to_char(m.destruct_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  -- The creator's record of the sale (docs/rules.md, "Notifications").
  v_notes := ARRAY(SELECT a.payload FROM add_notification(ARRAY[v_seller], 'purchase', p_buyer, m.price,
    m.chat_id, NULL, NULL, '/chats/' || p_buyer) a);
  IF p_buyer < v_seller THEN
    v_events := append_events(p_buyer, ARRAY['message_paid'], ARRAY[v_paid])
      || append_events(v_seller, notification_types(ARRAY['message_paid'], v_notes), ARRAY[v_paid] || v_notes);
  ELSE
    v_events := append_events(v_seller, notification_types(ARRAY['message_paid'], v_notes), ARRAY[v_paid] || v_notes)
      || append_events(p_buyer, ARRAY['message_paid'], ARRAY[v_paid]);
  END IF;
  RETURN jsonb_build_object('status', 'bought', 'message', to_jsonb(m), 'credits', v_credits - m.price,
    'events', to_jsonb(v_events));
END $$;
