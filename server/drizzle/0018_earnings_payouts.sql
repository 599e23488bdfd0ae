-- Earnings and payouts (docs/rules.md, "Earnings and payouts"): saved payout methods, payouts, the
-- anti-money-laundering form, who referred whom, and the ledger accounts money leaves through.

-- A creator's payout clearing account (per user, added on first use) holds requested payouts until
-- the provider settles them; `payouts_sent` is what the platform has paid out. Neither may go negative.
INSERT INTO ledger_accounts (owner_id, kind, allow_negative, cached_balance)
  VALUES (NULL, 'payouts_sent', false, false)
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- The referrer, resolved once from `code_used` (a creator's username) instead of on every charge.
ALTER TABLE "users" ADD COLUMN "referrer_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "users_referrer_idx" ON "users" USING btree ("referrer_id", "created_at") WHERE referrer_id IS NOT NULL;
--> statement-breakpoint
UPDATE users u SET referrer_id = r.id FROM users r
  WHERE u.code_used IS NOT NULL AND lower(r.username) = lower(u.code_used) AND r.type = 'featured' AND r.id <> u.id;
--> statement-breakpoint

-- One saved method per creator. `details` is what the provider needs (IBAN, email, address) and
-- never leaves the server; `label` is the masked form the API shows.
CREATE TABLE "payout_methods" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"method" text NOT NULL,
	"details" jsonb NOT NULL,
	"label" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_method_check" CHECK ("method" IN ('bank_transfer', 'paypal_transfer', 'paxum_transfer', 'crypto_transfer'))
);
--> statement-breakpoint

-- A payout keeps the destination it was sent to. Status only moves forward:
-- on_hold -> pending -> completed | failed (a trigger refuses the rest).
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"details" jsonb NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"provider" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("amount" > 0),
	CONSTRAINT "payouts_status_check" CHECK ("status" IN ('on_hold', 'pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_key" ON "payouts" USING btree ("creator_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "payouts_creator_idx" ON "payouts" USING btree ("creator_id", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "payouts_open_idx" ON "payouts" USING btree ("status", "created_at") WHERE status IN ('on_hold', 'pending');
--> statement-breakpoint
-- Database functions and their triggers live in src/db/functions (one a file), applied after the
-- migrations by src/db/apply-functions.ts; this migration created or replaced:
--   payouts_forward_only: src/db/functions/payouts/payouts-forward-only.sql
--> statement-breakpoint

CREATE TABLE "aml_submissions" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"full_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"tax_id" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
