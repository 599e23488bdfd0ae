-- A card payment may send a tip on a post once its money lands (src/payments/finish-action.ts,
-- docs/rules.md, Payment intents): its type, and the message the fan wrote with the tip.
ALTER TABLE payments DROP CONSTRAINT payments_payment_type_check;
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_payment_type_check
  CHECK (payment_type IN ('credits', 'message', 'tip', 'post', 'subscription', 'post_tip'));
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN tip_note text CHECK (char_length(tip_note) <= 200);
