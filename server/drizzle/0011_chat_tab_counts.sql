-- Chat-list tab totals kept by the database, so the totals endpoint reads one row instead of
-- aggregating a creator's whole inbox, and no code path that writes chat_members or presence can skew
-- them. `recent` depends on the clock, so it is counted at read time off the list index; `online`
-- is kept here for partners who are not creators, and creators online are counted at read time.
CREATE TABLE "chat_tab_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"all_chats" integer DEFAULT 0 NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"unreplied" integer DEFAULT 0 NOT NULL,
	"vip" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"online_fans" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_tab_counts" ADD CONSTRAINT "chat_tab_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Database functions and their triggers live in src/db/functions (one a file), applied after the
-- migrations by src/db/apply-functions.ts; this migration created or replaced:
--   chat_tab_counts_add: src/db/functions/chats/chat-tab-counts-add.sql
--   chat_tab_counts_apply: src/db/functions/chats/chat-tab-counts-apply.sql
--   chat_tab_counts_presence: src/db/functions/chats/chat-tab-counts-presence.sql
--   chat_tab_counts_user_gone: src/db/functions/chats/chat-tab-counts-user-gone.sql
--> statement-breakpoint

-- Existing inboxes start exact (the sums of chat_tab_counts_apply over every row). The triggers that
-- keep them exact come with the functions step, which the same start runs right after this commit: a
-- chat written in between by a server still running code older than this migration goes uncounted.
INSERT INTO chat_tab_counts (user_id, all_chats, fans, favorites, unreplied, vip, sent, online_fans)
SELECT m.user_id, count(*), count(*) FILTER (WHERE m.spent_by_other > 0), count(*) FILTER (WHERE m.favorite),
  count(*) FILTER (WHERE m.last_from_other), count(*) FILTER (WHERE m.spent_by_other >= 1000),
  count(*) FILTER (WHERE m.last_message_at IS NOT NULL AND NOT m.last_from_other),
  count(*) FILTER (WHERE p.is_online AND p.type <> 'featured')
FROM chat_members m JOIN users p ON p.id = m.other_id WHERE m.listed AND NOT m.hidden GROUP BY m.user_id;
--> statement-breakpoint

-- The list reads each tab through an index in its own sort order, over listed, visible rows only,
-- so a selective tab (a few favorites in 100,000 chats) never walks the whole inbox.
DROP INDEX "chat_members_list_idx";
--> statement-breakpoint
CREATE INDEX "chat_members_list_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden;
--> statement-breakpoint
CREATE INDEX "chat_members_favorites_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND favorite;
--> statement-breakpoint
CREATE INDEX "chat_members_fans_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND spent_by_other > 0;
--> statement-breakpoint
CREATE INDEX "chat_members_vip_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND spent_by_other >= 1000;
--> statement-breakpoint
CREATE INDEX "chat_members_unreplied_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND last_from_other;
--> statement-breakpoint
CREATE INDEX "chat_members_sent_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND last_message_at IS NOT NULL AND NOT last_from_other;
--> statement-breakpoint
-- The online tab checks presence per chat; the online total counts creators online at read time.
CREATE INDEX "users_online_idx" ON "users" USING btree ("id") WHERE is_online;
--> statement-breakpoint
CREATE INDEX "users_online_creators_idx" ON "users" USING btree ("id") WHERE is_online AND type = 'featured';
--> statement-breakpoint
-- A search starts from the matching people when they are few (trigram index), and otherwise walks
-- the list index in order until a page is full; the planner picks by the term's selectivity.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
