-- Posts people engage with (docs/rules.md, Post likes, comments and pins). Each post keeps its like and
-- comment counts as columns, changed in the same statement as the row that makes the change, so a
-- page of posts never counts rows and parallel likes never lose one.
ALTER TABLE "feed_posts" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_like_count_natural" CHECK ("like_count" >= 0);--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_comment_count_natural" CHECK ("comment_count" >= 0);--> statement-breakpoint
-- When the creator pinned the post to the top of their profile; null when not pinned.
ALTER TABLE "feed_posts" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "feed_posts_pinned_idx" ON "feed_posts" ("creator_id", "pinned_at" DESC)
  WHERE "pinned_at" IS NOT NULL AND "deleted_at" IS NULL;--> statement-breakpoint
-- One like per person and post: a second like is a no-op, never a second count.
CREATE TABLE "post_likes" (
  "post_id" uuid NOT NULL REFERENCES "feed_posts"("id"),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("post_id", "user_id")
);--> statement-breakpoint
-- A comment is deleted outright; hidden by the post's creator, it stays for its author and the creator
-- only and leaves the post's count.
CREATE TABLE "post_comments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "post_id" uuid NOT NULL REFERENCES "feed_posts"("id"),
  "author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "text" text NOT NULL CHECK (char_length("text") BETWEEN 1 AND 500),
  "hidden_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "post_comments_post_idx" ON "post_comments" ("post_id", "created_at", "id");
