-- Payments finish a paid post's unlock and a subscription too (src/payments/finish-action.ts,
-- docs/rules.md, Credits and payments), and keep the price the fan was shown when the payment started,
-- so what is bought when the money lands never costs more than that.
ALTER TABLE payments DROP CONSTRAINT payments_payment_type_check;
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_payment_type_check
  CHECK (payment_type IN ('credits', 'message', 'tip', 'post', 'subscription'));
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN action_price integer CHECK (action_price >= 0);
