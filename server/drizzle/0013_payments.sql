-- Card and crypto payments (src/payments): what each payment buys and how it ended, the cards fans
-- chose to keep (as provider tokens only), the provider events already applied, and the sandbox
-- provider's own records. Money moves only through ledger transactions (migration 0003).

-- 1. Ledger accounts: what the payment provider owes the platform, and what a fan owes after a
--    chargeback of credits already spent. Both may go negative; a debt is negative.
INSERT INTO ledger_accounts (owner_id, kind, allow_negative, cached_balance)
  VALUES (NULL, 'provider_clearing', true, false) ON CONFLICT DO NOTHING;
--> statement-breakpoint

CREATE TABLE saved_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  -- The provider's reusable token for the card; never a card number.
  provider_ref text NOT NULL,
  brand text NOT NULL CHECK (brand IN ('VISA', 'MASTER')),
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT saved_cards_provider_ref UNIQUE (provider, provider_ref)
);
--> statement-breakpoint
CREATE INDEX saved_cards_user_idx ON saved_cards (user_id, created_at);
--> statement-breakpoint

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  provider text NOT NULL,
  method text NOT NULL CHECK (method IN ('card', 'crypto')),
  provider_payment_id text,
  idempotency_key text NOT NULL,
  -- Forward only: pending -> succeeded | failed; succeeded -> refunded | charged_back.
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'succeeded', 'failed', 'refunded', 'charged_back')),
  payment_type text NOT NULL CHECK (payment_type IN ('credits', 'message', 'tip')),
  -- The package: its price in tenths of a dollar, which is also its base credits.
  amount integer NOT NULL CHECK (amount > 0),
  package_bonus integer NOT NULL DEFAULT 0 CHECK (package_bonus >= 0),
  -- Set when it succeeds: credits given (amount, package bonus and first-purchase bonus).
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  bonus integer NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  model_id uuid REFERENCES users(id) ON DELETE SET NULL,
  chat_id uuid REFERENCES chats(id) ON DELETE SET NULL,
  message_id bigint,
  feed_id text,
  tip integer CHECK (tip > 0),
  card_id uuid REFERENCES saved_cards(id) ON DELETE SET NULL,
  save_card boolean NOT NULL DEFAULT false,
  failure_code text,
  action_status text NOT NULL DEFAULT 'none' CHECK (action_status IN ('none', 'pending', 'done', 'failed')),
  action_error text,
  -- The message the payment unlocked, which a chargeback revokes.
  unlocked_message_id bigint,
  -- Crypto: what was paid, in which currency, and the network fee.
  crypto jsonb,
  -- The provider's page for 3-D Secure or a crypto invoice, while the payment waits on it.
  redirect_url text,
  transaction_id uuid REFERENCES ledger_transactions(id),
  reversal_transaction_id uuid REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payments_user_key UNIQUE (user_id, idempotency_key),
  CONSTRAINT payments_provider_payment UNIQUE (provider, provider_payment_id),
  CONSTRAINT payments_transaction UNIQUE (transaction_id),
  CONSTRAINT payments_reversal UNIQUE (reversal_transaction_id)
);
--> statement-breakpoint
CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX payments_action_pending_idx ON payments (updated_at) WHERE action_status = 'pending';
--> statement-breakpoint

-- Provider events applied, by the provider's event id: the primary key makes a redelivery a no-op
-- in the same transaction that applies the event.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  payment_id uuid REFERENCES payments(id),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
--> statement-breakpoint

-- A purchase is one ledger transaction, and one transaction pays for at most one purchase.
ALTER TABLE purchases ADD CONSTRAINT purchases_transaction UNIQUE (transaction_id);
--> statement-breakpoint

-- 2. The sandbox provider's own books (src/payments/sandbox): it stands in for a card processor
--    running elsewhere, so it keeps what that processor would keep, apart from Cove's tables.
--    A sandbox card stores how it behaves, never its number.
CREATE TABLE sandbox_cards (
  ref text PRIMARY KEY,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  behaviour text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE sandbox_payments (
  id text PRIMARY KEY,
  method text NOT NULL,
  card_ref text REFERENCES sandbox_cards(ref) ON DELETE SET NULL,
  amount_cents integer NOT NULL,
  status text NOT NULL,
  return_url text NOT NULL,
  fail_url text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
