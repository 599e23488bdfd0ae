-- The notifications centre (docs/rules.md, "Notifications"): one row per thing that happened to a
-- person, written in the transaction of what caused it. The messages of one chat gather in one row
-- while it is unread (`notifications_gather_key`), so a burst of messages is one row whose count rises.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"amount" integer,
	"count" integer DEFAULT 1 NOT NULL CHECK ("count" >= 1),
	"chat_id" uuid REFERENCES "chats"("id") ON DELETE SET NULL,
	"post_id" uuid,
	"detail" text,
	"url" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_user_order_idx" ON "notifications" USING btree ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_gather_key" ON "notifications" USING btree ("user_id", "chat_id") WHERE "kind" = 'message' AND "read_at" IS NULL;
