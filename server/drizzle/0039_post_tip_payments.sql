-- A card payment may send a tip on a post once its money lands (src/payments/finish-action.ts,
-- docs/rules.md, Payment intents): its type, and the message the fan wrote with the tip. A post
-- shows its viewer what they tipped on it.
ALTER TABLE payments DROP CONSTRAINT payments_payment_type_check;
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_payment_type_check
  CHECK (payment_type IN ('credits', 'message', 'tip', 'post', 'subscription', 'post_tip'));
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN tip_note text CHECK (char_length(tip_note) <= 200);
--> statement-breakpoint
-- A post shows its viewer what they tipped on it (src/feed/audience.ts, tippedSql).
CREATE INDEX messages_tip_post_idx ON messages (tip_post_id, sender_id) WHERE tip_post_id IS NOT NULL;
