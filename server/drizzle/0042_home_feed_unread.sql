-- The home feed's unread count (docs/rules.md, Home feed): when each person last read their home feed,
-- and, one row a post counted, how far its count has been carried to its creator's followers and
-- subscribers ('adding', then 'added') or, once deleted, taken back ('removing', then 'removed').
-- Posts from before this migration have no row: they were never counted, so never taken back.
ALTER TABLE "users" ADD COLUMN "feed_read_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "feed_fanouts" (
	"post_id" uuid PRIMARY KEY NOT NULL REFERENCES "feed_posts"("id"),
	"state" text NOT NULL CHECK ("state" IN ('adding', 'added', 'removing', 'removed')),
	"after_user_id" uuid,
	"until_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "feed_fanouts_running_idx" ON "feed_fanouts" USING btree ("post_id") WHERE "state" IN ('adding', 'removing');--> statement-breakpoint
-- The fan-out walks a creator's followers and subscribers in id order, a batch at a time.
CREATE INDEX "follows_creator_follower_idx" ON "follows" USING btree ("creator_id","follower_id");--> statement-breakpoint
CREATE INDEX "subscriptions_creator_fan_idx" ON "subscriptions" USING btree ("creator_id","fan_id") WHERE "status" <> 'expired';
