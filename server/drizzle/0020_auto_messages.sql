-- Auto-messages (docs/rules.md, "Auto-messages"): a creator's messages per trigger category, and the
-- once-only guard of their delivery (src/auto-messages/deliver.ts).
CREATE TABLE "auto_message_categories" (
	"creator_id" uuid NOT NULL,
	"category" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"delay_minutes" integer DEFAULT 0 NOT NULL,
	"cooldown_hours" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_message_categories_pkey" PRIMARY KEY ("creator_id", "category"),
	CONSTRAINT "auto_message_categories_category_check"
		CHECK ("category" IN ('welcome', 'new_follower', 'new_subscriber', 'first_purchase')),
	CONSTRAINT "auto_message_categories_delay_range" CHECK ("delay_minutes" BETWEEN 0 AND 1440),
	CONSTRAINT "auto_message_categories_cooldown_range" CHECK ("cooldown_hours" BETWEEN 0 AND 168)
);
--> statement-breakpoint
ALTER TABLE "auto_message_categories" ADD CONSTRAINT "auto_message_categories_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint

-- A category's messages in the order they are sent. A media erased by the media sweep (deleted from
-- the vault, carried by no message) takes its auto-message with it.
CREATE TABLE "auto_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"category" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media_id" uuid,
	"price" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "auto_messages_type_check" CHECK ("type" IN ('text', 'media')),
	CONSTRAINT "auto_messages_media_check" CHECK (("type" = 'media') = ("media_id" IS NOT NULL)),
	CONSTRAINT "auto_messages_price_range" CHECK ("price" >= 0 AND "price" <= 100000)
);
--> statement-breakpoint
ALTER TABLE "auto_messages" ADD CONSTRAINT "auto_messages_category_fk" FOREIGN KEY ("creator_id", "category") REFERENCES "public"."auto_message_categories"("creator_id", "category") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auto_messages" ADD CONSTRAINT "auto_messages_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "auto_messages_position_key" ON "auto_messages" USING btree ("creator_id", "category", "position");
--> statement-breakpoint
CREATE INDEX "auto_messages_media_idx" ON "auto_messages" USING btree ("media_id");
--> statement-breakpoint

-- One row per creator, fan and category, inserted in the transaction that writes the messages: a
-- repeated trigger or a retried job finds it and writes nothing. `sent` is how many messages were
-- written (0: the cooldown held them back); `created_at` is what the cooldown measures from.
CREATE TABLE "auto_message_sends" (
	"creator_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"category" text NOT NULL,
	"sent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_message_sends_pkey" PRIMARY KEY ("creator_id", "fan_id", "category")
);
--> statement-breakpoint
ALTER TABLE "auto_message_sends" ADD CONSTRAINT "auto_message_sends_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auto_message_sends" ADD CONSTRAINT "auto_message_sends_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
