-- The send path in one round trip: the checks that need the database, the message row, the charge,
-- the chat and member rows, the unread counters and the events, in one function call per batch of
-- sends (server/src/messages/send-batch.ts). The rules are those of migration 0003 and of
-- src/db/transaction.ts: balances never negative, one charge per message, users locked in id order
-- before anything that belongs to them.

-- 1. Creator earnings keep no cached balance. Every paid message credits its creator, so a cached
--    balance would be one row all of a popular creator's fans queue on; like the platform's
--    accounts, an earnings balance is the sum of its entries. Fans' credits keep theirs and its CHECK.
UPDATE ledger_accounts SET cached_balance = false, balance = 0 WHERE kind = 'earnings';
--> statement-breakpoint
CREATE FUNCTION ledger_accounts_earnings_uncached() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'earnings' THEN
    NEW.cached_balance := false;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_earnings_uncached BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_earnings_uncached();
--> statement-breakpoint

-- 2. A user's (or, with a null owner, the platform's) account of a kind, opened on first use.
CREATE FUNCTION ledger_account(p_owner uuid, p_kind text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  IF p_owner IS NULL THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE owner_id IS NULL AND kind = p_kind;
    RETURN v_id;
  END IF;
  SELECT id INTO v_id FROM ledger_accounts WHERE owner_id = p_owner AND kind = p_kind;
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (owner_id, kind) VALUES (p_owner, p_kind)
      ON CONFLICT DO NOTHING RETURNING id INTO v_id;
    IF v_id IS NULL THEN
      SELECT id INTO v_id FROM ledger_accounts WHERE owner_id = p_owner AND kind = p_kind;
    END IF;
  END IF;
  RETURN v_id;
END $$;
--> statement-breakpoint

-- 3. A fan pays a creator: the creator's share rounded down, the rest to the platform, entries
--    written in account order so concurrent charges take their locks in one order. Null when the
--    idempotency key was charged before.
CREATE FUNCTION charge_fan(
  p_kind text, p_fan uuid, p_creator uuid, p_amount integer, p_share numeric, p_key text, p_reference jsonb
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid;
  v_creator bigint := floor(p_amount * p_share);
BEGIN
  INSERT INTO ledger_transactions (kind, reference, idempotency_key) VALUES (p_kind, p_reference, p_key)
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT v_tx, e.account_id, e.amount
    FROM (VALUES
      (ledger_account(p_fan, 'credits'), -p_amount::bigint),
      (ledger_account(p_creator, 'earnings'), v_creator),
      (ledger_account(NULL, 'platform_revenue'), p_amount - v_creator)
    ) AS e(account_id, amount)
    WHERE e.amount <> 0
    ORDER BY e.account_id;
  RETURN v_tx;
END $$;
--> statement-breakpoint

-- 4. Appends events to a user's log with the next sequence numbers (as src/realtime/event-log.ts),
--    one sequence update for all of them, and returns them as the notice carries them.
CREATE FUNCTION append_events(p_user uuid, p_types text[], p_payloads jsonb[]) RETURNS jsonb[]
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
--> statement-breakpoint

-- 5. Everything a new message changes besides its own row (src/messages/deliver.ts calls it too):
--    the chat's last message, both list rows in one statement, the recipient's unread counters.
--    Returns the counters.
CREATE FUNCTION record_delivery(m messages, p_spent integer, p_preview text)
RETURNS user_counters LANGUAGE plpgsql AS $$
DECLARE
  v_favorite integer;
  v_counters user_counters;
BEGIN
  UPDATE chats SET last_message_id = m.id, last_message_at = m.created_at,
      last_message_text = p_preview, last_sender_id = m.sender_id
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
--> statement-breakpoint

-- 6. A user's credits as the send path reads them: the cached balance of their credits account.
CREATE FUNCTION credits_of(p_user uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT balance FROM ledger_accounts WHERE owner_id = p_user AND kind = 'credits'), 0)
$$;
--> statement-breakpoint

-- 7. One send. `s` is prepared by src/messages/send-message.ts: the body with its ids checked, the
--    verdict of the checks made without the database (`refusal`), the list preview and both
--    members' views of the message without the three values only the insert knows. Every check
--    runs before the first write, so a refused send returns its error and leaves nothing to undo.
CREATE FUNCTION send_one(s jsonb, p_share numeric) RETURNS jsonb LANGUAGE plpgsql AS $$
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
BEGIN
  -- A send id seen before is answered before any check: a block or a keyword change since the
  -- first send must not fail the retry of a message that was delivered.
  SELECT * INTO m FROM messages WHERE sender_id = v_sender AND send_id = s->>'send_id';
  IF FOUND THEN
    IF v_chat IS NULL THEN
      SELECT id INTO v_chat FROM chats
        WHERE user_low = least(v_sender, v_recipient) AND user_high = greatest(v_sender, v_recipient);
    END IF;
    IF (m.type, m.chat_id, m.recipient_id, m.text, m.gif_url, m.media_id, m.price, m.self_destruct,
          m.parent_message_id)
        IS DISTINCT FROM (v_type, v_chat, v_recipient, s->>'text', s->>'gif_url', v_media,
          (s->>'price')::integer, (s->>'self_destruct')::boolean, v_parent) THEN
      RETURN jsonb_build_object('status', 'refused', 'code', 'send_id_reused');
    END IF;
    RETURN jsonb_build_object('status', 'stored', 'message', to_jsonb(m), 'credits', credits_of(v_sender));
  END IF;
  IF s ? 'refusal' THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'checked');
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
  END IF;
  SELECT * INTO other FROM users WHERE id = v_recipient;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'user_not_found');
  END IF;
  IF other.banned_at IS NOT NULL OR other.terminated_at IS NOT NULL
      OR (other.delete_at IS NOT NULL AND other.delete_at <= now()) THEN
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
  IF EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = v_sender AND blocked_id = v_recipient)
      OR (blocker_id = v_recipient AND blocked_id = v_sender)) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'blocked');
  END IF;
  IF v_type IN ('image', 'video', 'gif') AND theirs.media_blocked THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'media_blocked');
  END IF;
  -- A reply quotes a message the sender can see in this chat (src/messages/visible.ts).
  IF v_parent IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM messages p WHERE p.id = v_parent AND p.chat_id = v_chat AND p.deleted_at IS NULL
        AND (p.visible_to IS NULL OR p.visible_to = v_sender)
        AND (mine.cleared_before IS NULL OR p.id >= mine.cleared_before)
        AND NOT EXISTS (SELECT 1 FROM hidden_messages h WHERE h.message_id = p.id AND h.user_id = v_sender)) THEN
    RETURN jsonb_build_object('status', 'refused', 'code', 'bad_parent');
  END IF;

  -- The price is decided with the chat locked, after the users: two concurrent first messages of
  -- an intro cannot both see no earlier message.
  SELECT * INTO STRICT c FROM chats WHERE id = v_chat FOR NO KEY UPDATE;
  IF c.is_intro AND NOT c.intro_ended AND me.type = 'featured' THEN
    -- The creator's answer ends the intro: the rare path with its system messages, done in Node.
    RETURN jsonb_build_object('status', 'slow', 'chat_id', v_chat);
  END IF;
  -- What a fan pays (src/chats/pair-rules.ts, fanOf): the chat's rate, nothing while their intro runs.
  IF me.type = 'user' AND other.type = 'featured' AND NOT (me.is_staff OR me.is_staff_mo) THEN
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
  IF v_cost > 0 THEN
    PERFORM charge_fan('message', v_sender, v_recipient, v_cost, p_share, 'message:' || m.id,
      jsonb_build_object('message_id', m.id, 'chat_id', v_chat));
  END IF;
  v_counters := record_delivery(m, v_cost, s->>'preview');

  v_known := jsonb_build_object('_id', m.id::text, 'chat_id', v_chat,
    'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  RETURN jsonb_build_object('status', 'created', 'message', to_jsonb(m), 'credits', v_credits - v_cost,
    'events', to_jsonb(
      append_events(v_sender, ARRAY['new_message'],
        ARRAY[jsonb_build_object('message', (s->'sender_view') || v_known)])
      || append_events(v_recipient, ARRAY['new_message', 'unread_messages'], ARRAY[
        jsonb_build_object('message', (s->'recipient_view') || v_known),
        jsonb_build_object('unread_messages', v_counters.unread,
          'unread_messages_favorites', v_counters.unread_favorites)])));
END $$;
--> statement-breakpoint

-- 8. A batch of sends in one transaction and one commit. Every user of the batch is locked first,
--    in id order, so batches and every other transaction between users (src/db/transaction.ts)
--    queue in one global order. A refused send writes nothing and is answered with its error; its
--    batch-mates commit.
CREATE FUNCTION send_messages(p_sends jsonb, p_share numeric) RETURNS jsonb LANGUAGE plpgsql AS $$
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
