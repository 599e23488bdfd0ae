-- Know your fan (docs/rules.md, "Fans and lists"). A creator names lists of the people she chats with
-- (`fan_lists`, `fan_list_members`); a list's name is unique per creator whatever its case. Members are
-- people, not chats: a list outlives a deleted chat and a broadcast reaches the member's chat.
CREATE TABLE "fan_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fan_lists_creator_name_key" ON "fan_lists" USING btree ("creator_id", lower("name"));
--> statement-breakpoint
CREATE TABLE "fan_list_members" (
	"list_id" uuid NOT NULL REFERENCES "fan_lists"("id") ON DELETE CASCADE,
	"fan_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_list_members_pk" PRIMARY KEY ("list_id", "fan_id")
);
--> statement-breakpoint
CREATE INDEX "fan_list_members_fan_idx" ON "fan_list_members" USING btree ("fan_id");
--> statement-breakpoint
-- VIP is her choice when she made one (true or false), else spending (null: 1,000 credits or more).
ALTER TABLE "chat_members" ADD COLUMN "vip" boolean;
--> statement-breakpoint
DROP INDEX "chat_members_vip_idx";
--> statement-breakpoint
CREATE INDEX "chat_members_vip_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND coalesce(vip, spent_by_other >= 1000);
--> statement-breakpoint
-- The "Top spenders" tab reads its page in spending order off this index.
CREATE INDEX "chat_members_top_idx" ON "chat_members" USING btree ("user_id","spent_by_other" DESC,"chat_id") WHERE listed AND NOT hidden AND spent_by_other > 0;
--> statement-breakpoint
-- A broadcast to a list keeps the list's id, not its members: they are read when it sends. No foreign
-- key: a list deleted before its broadcast sends leaves an audience of nobody, never a wider one.
ALTER TABLE "broadcasts" ADD COLUMN "list_id" uuid;
