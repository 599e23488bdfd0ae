-- Posts with several photos and videos (docs/rules.md, Post media). The first stays in
-- `feed_posts.media_id` as the post's cover, which a locked post previews and the photo and video tabs
-- and counts go by; the ones after it are here, from position 1, in order.
CREATE TABLE "feed_post_media" (
  "post_id" uuid NOT NULL REFERENCES "feed_posts"("id"),
  "position" smallint NOT NULL CHECK ("position" >= 1),
  "media_id" uuid NOT NULL REFERENCES "media"("id"),
  PRIMARY KEY ("post_id", "position"),
  CONSTRAINT "feed_post_media_once" UNIQUE ("post_id", "media_id")
);--> statement-breakpoint
-- What the media routes and the media sweep look up: the posts carrying a media.
CREATE INDEX "feed_post_media_media_idx" ON "feed_post_media" ("media_id");--> statement-breakpoint
-- Scheduled posts (docs/rules.md, Scheduled posts): the time a post waits for, null once it is out.
-- Publishing clears it and sets `created_at` to the moment, in one update that only one publisher wins.
ALTER TABLE "feed_posts" ADD COLUMN "scheduled_for" timestamptz;--> statement-breakpoint
CREATE INDEX "feed_posts_due_idx" ON "feed_posts" ("scheduled_for")
  WHERE "scheduled_for" IS NOT NULL AND "deleted_at" IS NULL;--> statement-breakpoint
-- Post statistics (docs/rules.md, Post statistics): one view per viewer per post, and the post's count
-- of them, moved by the insert that wins the primary key.
CREATE TABLE "feed_post_views" (
  "post_id" uuid NOT NULL REFERENCES "feed_posts"("id"),
  "viewer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("post_id", "viewer_id")
);--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "view_count" integer DEFAULT 0 NOT NULL;
