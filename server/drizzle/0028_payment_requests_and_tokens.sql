-- Payments (src/payments, docs/rules.md, Credits and payments): an idempotency key stands for the whole
-- request it first came with, a provider payment id is never empty, and a sandbox card token pays once.

-- 1. What a payment's key was first sent with: the package, what it is for and with which card. A
--    retry asking for anything else is refused (src/payments/payment-key.ts). Payments made before
--    get what their row still tells of it.
ALTER TABLE payments ADD COLUMN request jsonb;
--> statement-breakpoint
UPDATE payments SET request = CASE method
  WHEN 'crypto' THEN jsonb_build_object('method', 'crypto', 'amount', amount)
  ELSE jsonb_build_object(
    'method', 'card',
    'amount', amount,
    'model_id', model_id::text,
    'chat_id', chat_id::text,
    'message_id', message_id::text,
    'feed_id', feed_id,
    'tip', tip,
    -- A card kept by this payment was a new card (a token) when it was made.
    'card_id', CASE WHEN save_card THEN NULL ELSE card_id::text END,
    'save_card', save_card)
  END;
--> statement-breakpoint
ALTER TABLE payments ALTER COLUMN request SET NOT NULL;
--> statement-breakpoint

-- 2. A payment the provider never made has no provider payment id (NULL), never an empty one: the
--    unique (provider, provider_payment_id) would let only one such payment fail. Card payments the
--    sandbox refused that way were left pending; it has no payment for them, so nothing was charged.
UPDATE payments SET provider_payment_id = NULL WHERE provider_payment_id = '';
--> statement-breakpoint
UPDATE payments p SET status = 'failed', failure_code = 'card_declined', updated_at = now()
  WHERE p.method = 'card' AND p.status = 'pending' AND p.provider = 'sandbox'
    AND p.provider_payment_id IS NULL AND p.created_at < now() - interval '1 hour'
    AND NOT EXISTS (SELECT 1 FROM sandbox_payments s WHERE s.metadata->>'payment_id' = p.id::text);
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_provider_payment_id_set CHECK (provider_payment_id <> '');
--> statement-breakpoint

-- 3. The sandbox's card tokens are single use, as a processor's are: the first payment with one
--    consumes it (used_at); only a card its payment kept for the fan (reusable) pays again, by its
--    saved reference. Cards paid with before are used; those Cove keeps stay reusable.
ALTER TABLE sandbox_cards ADD COLUMN used_at timestamptz;
--> statement-breakpoint
ALTER TABLE sandbox_cards ADD COLUMN reusable boolean NOT NULL DEFAULT false;
--> statement-breakpoint
UPDATE sandbox_cards c SET used_at = now()
  WHERE EXISTS (SELECT 1 FROM sandbox_payments s WHERE s.card_ref = c.ref);
--> statement-breakpoint
UPDATE sandbox_cards c SET used_at = coalesce(c.used_at, now()), reusable = true
  WHERE EXISTS (SELECT 1 FROM saved_cards s WHERE s.provider = 'sandbox' AND s.provider_ref = c.ref);
