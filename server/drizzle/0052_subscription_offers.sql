-- Subscription offers (docs/rules.md, Subscription offers; src/subscriptions/offers): bundles of
-- several months at a discount, free-trial links and time-limited promotions. Counts of uses are kept
-- by the rows themselves under CHECKs, so a link or a promotion is never used past its maximum
-- however many fans race for it.

-- A creator's discount for paying 3, 6 or 12 months at once; no row: that length is not offered.
CREATE TABLE "subscription_bundles" (
  "creator_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "months" smallint NOT NULL CHECK ("months" IN (3, 6, 12)),
  "percent_off" smallint NOT NULL CHECK ("percent_off" BETWEEN 1 AND 60),
  PRIMARY KEY ("creator_id", "months")
);--> statement-breakpoint

-- A free-trial link: `code` goes in the URL; `used` counts redemptions and never passes `max_uses`.
CREATE TABLE "subscription_trial_links" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "creator_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code" text NOT NULL UNIQUE,
  "trial_days" smallint NOT NULL CHECK ("trial_days" IN (7, 14, 30)),
  "max_uses" integer NOT NULL CHECK ("max_uses" BETWEEN 1 AND 10000),
  "used" integer DEFAULT 0 NOT NULL,
  "expires_at" timestamptz NOT NULL,
  "revoked_at" timestamptz,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "subscription_trial_links_used" CHECK ("used" BETWEEN 0 AND "max_uses")
);--> statement-breakpoint
CREATE INDEX "subscription_trial_links_creator_idx" ON "subscription_trial_links" ("creator_id", "created_at");--> statement-breakpoint

-- A promotion: a share off the first period for new or for returning subscribers, between two times.
CREATE TABLE "subscription_promotions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "creator_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "audience" text NOT NULL CHECK ("audience" IN ('new', 'returning')),
  "percent_off" smallint NOT NULL CHECK ("percent_off" BETWEEN 5 AND 90),
  "starts_at" timestamptz NOT NULL,
  "ends_at" timestamptz NOT NULL,
  "max_uses" integer CHECK ("max_uses" BETWEEN 1 AND 100000),
  "used" integer DEFAULT 0 NOT NULL,
  "ended_at" timestamptz,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "subscription_promotions_window" CHECK ("ends_at" > "starts_at"),
  CONSTRAINT "subscription_promotions_used" CHECK ("used" >= 0 AND ("max_uses" IS NULL OR "used" <= "max_uses"))
);--> statement-breakpoint
CREATE INDEX "subscription_promotions_creator_idx" ON "subscription_promotions" ("creator_id", "ends_at") WHERE "ended_at" IS NULL;--> statement-breakpoint

-- What the current period was bought as: its length in months (a bundle's), what it cost (a block's
-- refund gives back a share of that, never more), and the trial link that started the run (a fan
-- redeems a creator's trial once: only a fan with no subscription row may).
ALTER TABLE "subscriptions" ADD COLUMN "months" smallint DEFAULT 1 NOT NULL CHECK ("months" IN (1, 3, 6, 12));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_paid" integer;--> statement-breakpoint
UPDATE "subscriptions" SET "period_paid" = "price";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "period_paid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_period_paid" CHECK ("period_paid" >= 0);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_link_id" uuid REFERENCES "subscription_trial_links"("id") ON DELETE SET NULL;
