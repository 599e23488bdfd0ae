-- A tip may carry a message for the creator and name the post it was given on (docs/rules.md, Tips).
-- The message is its own column, apart from the tip line's text, so each screen words the line itself.
ALTER TABLE messages ADD COLUMN tip_note text;
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN tip_post_id uuid REFERENCES feed_posts(id);
