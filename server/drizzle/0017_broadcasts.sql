-- Broadcasts (docs/rules.md, "Broadcasts"): one row per broadcast, one per recipient chat, and the
-- set-based write of a batch of their messages (src/broadcasts/write-broadcast.ts).
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"send_id" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"category" text NOT NULL,
	"ids" uuid[],
	"except_ids" uuid[],
	"type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media_id" uuid,
	"price" integer DEFAULT 0 NOT NULL,
	"self_destruct" boolean DEFAULT false NOT NULL,
	"preview" text NOT NULL,
	"views" jsonb NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "broadcasts_status_check" CHECK ("status" IN ('scheduled', 'sending', 'sent', 'canceled', 'unsent')),
	CONSTRAINT "broadcasts_price_range" CHECK ("price" >= 0 AND "price" <= 100000)
);
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_send_key" ON "broadcasts" USING btree ("creator_id","send_id");
--> statement-breakpoint
CREATE INDEX "broadcasts_creator_idx" ON "broadcasts" USING btree ("creator_id","created_at" DESC,"id");
--> statement-breakpoint

-- A recipient row is the once-only guard: it gets its message id in the transaction that writes the
-- message. `message_id` has no foreign key on purpose: a message removed with its chat must not turn
-- the row back into "not yet written" (ON DELETE SET NULL would), or a resumed job would write again.
CREATE TABLE "broadcast_recipients" (
	"broadcast_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"message_id" bigint,
	CONSTRAINT "broadcast_recipients_pk" PRIMARY KEY("broadcast_id","chat_id")
);
--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_fan_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The job takes the next batch in fan order off this index.
CREATE INDEX "broadcast_recipients_pending_idx" ON "broadcast_recipients" USING btree ("broadcast_id","fan_id") WHERE message_id IS NULL;
--> statement-breakpoint

-- Appends many users' events at once: each user's events in the order given, numbered after their
-- last sequence with no gaps. The sequence rows are taken in user id order (as withEvents and the
-- send path do) in one upsert, so a batch of thousands of users costs two statements, not thousands.
CREATE FUNCTION append_user_events(p_users uuid[], p_types text[], p_payloads jsonb[]) RETURNS void
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
--> statement-breakpoint

-- Writes the next `p_limit` recipients of a sending broadcast in one transaction: the messages (one
-- INSERT ... SELECT), the recipients' message ids, the chats, both list rows, the fans' counters and
-- the events, each one set-based statement. Recipients who can no longer be reached (a block, a ban,
-- a chat the creator deleted since) are dropped. Answers the users to notify and how many are left;
-- nothing when the broadcast is no longer sending (canceled by an unsend, or done).
CREATE FUNCTION broadcast_write_batch(p_broadcast uuid, p_limit integer) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  b broadcasts;
  v_chats uuid[];
  v_fans uuid[];
  v_now timestamptz := date_trunc('milliseconds', clock_timestamp());
  v_written integer;
BEGIN
  -- The row lock makes two runs of one job (a retry while a stalled try still runs) take turns.
  SELECT * INTO b FROM broadcasts WHERE id = p_broadcast FOR NO KEY UPDATE;
  IF NOT FOUND OR b.status <> 'sending' THEN
    RETURN jsonb_build_object('written', 0, 'user_ids', '[]'::jsonb, 'done', true);
  END IF;
  SELECT array_agg(chat_id), array_agg(fan_id) INTO v_chats, v_fans FROM (
    SELECT chat_id, fan_id FROM broadcast_recipients
    WHERE broadcast_id = p_broadcast AND message_id IS NULL ORDER BY fan_id LIMIT p_limit
  ) r;
  IF v_chats IS NULL THEN
    RETURN jsonb_build_object('written', 0, 'user_ids', '[]'::jsonb, 'done', true);
  END IF;
  -- Every user of the batch in id order, as every transaction between users locks them.
  PERFORM 1 FROM users WHERE id = b.creator_id OR id = ANY(v_fans) ORDER BY id FOR NO KEY UPDATE;

  DELETE FROM broadcast_recipients r
  USING chat_members mine, chat_members theirs, users f, chats c
  WHERE r.broadcast_id = p_broadcast AND r.chat_id = ANY(v_chats)
    AND mine.chat_id = r.chat_id AND mine.user_id = b.creator_id
    AND theirs.chat_id = r.chat_id AND theirs.user_id = r.fan_id
    AND f.id = r.fan_id AND c.id = r.chat_id
    AND (NOT mine.listed
      OR f.banned_at IS NOT NULL OR f.terminated_at IS NOT NULL OR (f.delete_at IS NOT NULL AND f.delete_at <= now())
      OR EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = b.creator_id AND blocked_id = r.fan_id)
        OR (blocker_id = r.fan_id AND blocked_id = b.creator_id))
      OR (b.type IN ('image', 'video') AND theirs.media_blocked)
      OR (c.is_intro AND NOT c.intro_ended));

  -- A paid broadcast of media the fan already bought in any message reaches them free (price 0).
  WITH written AS (
    INSERT INTO messages (chat_id, sender_id, recipient_id, type, text, media_id, price, self_destruct, send_id, created_at)
      SELECT r.chat_id, b.creator_id, r.fan_id, b.type, b.text, b.media_id,
        CASE WHEN b.price > 0 AND b.media_id IS NOT NULL AND EXISTS (
          SELECT 1 FROM purchases p JOIN messages pm ON pm.id = p.message_id
          WHERE p.buyer_id = r.fan_id AND pm.media_id = b.media_id) THEN 0 ELSE b.price END,
        b.self_destruct, 'broadcast:' || b.id || ':' || r.fan_id, v_now
      FROM broadcast_recipients r
      WHERE r.broadcast_id = p_broadcast AND r.chat_id = ANY(v_chats)
      ORDER BY r.fan_id
      RETURNING id, chat_id
  )
  UPDATE broadcast_recipients r SET message_id = w.id FROM written w
    WHERE r.broadcast_id = p_broadcast AND r.chat_id = w.chat_id;
  GET DIAGNOSTICS v_written = ROW_COUNT;

  CREATE TEMP TABLE broadcast_batch ON COMMIT DROP AS
    SELECT m.* FROM broadcast_recipients r JOIN messages m ON m.id = r.message_id
    WHERE r.broadcast_id = p_broadcast AND r.chat_id = ANY(v_chats);

  UPDATE chats c SET last_message_id = m.id, last_message_at = m.created_at,
      last_message_text = CASE WHEN m.price = 0 AND b.price > 0 THEN left(m.text, 200) ELSE b.preview END,
      last_sender_id = m.sender_id
    FROM broadcast_batch m WHERE c.id = m.chat_id;

  WITH changed AS (
    UPDATE chat_members c SET
        unread = c.unread + (c.user_id = m.recipient_id)::integer,
        last_message_at = m.created_at, last_from_other = c.user_id = m.recipient_id,
        listed = true, hidden = false
      FROM broadcast_batch m
      WHERE c.chat_id = m.chat_id AND c.user_id IN (m.sender_id, m.recipient_id)
      RETURNING c.user_id, c.favorite, m.recipient_id
  )
  INSERT INTO user_counters AS u (user_id, unread, unread_favorites)
    SELECT user_id, 1, favorite::integer FROM changed WHERE user_id = recipient_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET unread = u.unread + 1,
      unread_favorites = u.unread_favorites + excluded.unread_favorites;

  -- Each fan: the message as they see it, then their counters; the creator: their copy of each.
  PERFORM append_user_events(array_agg(e.user_id ORDER BY e.user_id, e.k), array_agg(e.type ORDER BY e.user_id, e.k),
      array_agg(e.payload ORDER BY e.user_id, e.k))
  FROM (
    SELECT m.recipient_id AS user_id, 2 * m.id AS k, 'new_message' AS type, jsonb_build_object('message',
      (CASE WHEN m.price = 0 AND b.price > 0 THEN b.views->'owned' ELSE b.views->'recipient' END)
        || jsonb_build_object('_id', m.id::text, 'chat_id', m.chat_id, 'recipient_id', m.recipient_id,
          'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) AS payload
    FROM broadcast_batch m
    UNION ALL
    SELECT m.recipient_id, 2 * m.id + 1, 'unread_messages', jsonb_build_object('unread_messages', u.unread,
      'unread_messages_favorites', u.unread_favorites)
    FROM broadcast_batch m JOIN user_counters u ON u.user_id = m.recipient_id
    UNION ALL
    SELECT m.sender_id, m.id, 'new_message', jsonb_build_object('message', b.views->'sender'
        || jsonb_build_object('_id', m.id::text, 'chat_id', m.chat_id, 'recipient_id', m.recipient_id,
          'send_id', m.send_id, 'price', m.price, 'price_in_dollars', m.price / 10.0, 'paid', m.price > 0,
          'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    FROM broadcast_batch m
  ) e;

  RETURN jsonb_build_object('written', v_written, 'done', false,
    'user_ids', (SELECT coalesce(jsonb_agg(recipient_id), '[]'::jsonb) FROM broadcast_batch)
      || jsonb_build_array(b.creator_id));
END $$;
