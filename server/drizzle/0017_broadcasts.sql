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
-- Database functions and their triggers live in src/db/functions (one a file), applied after the
-- migrations by src/db/apply-functions.ts; this migration created or replaced:
--   append_user_events: src/db/functions/events/append-user-events.sql
--   broadcast_write_batch: src/db/functions/broadcasts/broadcast-write-batch.sql
