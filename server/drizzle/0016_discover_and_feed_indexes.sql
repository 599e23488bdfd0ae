-- Discover ranks creators by the messages they sent in the last 7 days (src/discover/visibility.ts),
-- and media access finds the feed post that carries a media (src/media/access.ts): both by index.
CREATE INDEX messages_sender_created_idx ON messages (sender_id, created_at) WHERE NOT system;
--> statement-breakpoint
CREATE INDEX feed_posts_media_idx ON feed_posts (media_id) WHERE media_id IS NOT NULL;
