-- A second factor after the magic link (docs/rules.md, Second factor). One authenticator-app secret a
-- person, sealed with the server's key (never stored in the clear): `pending_secret` while enrolling,
-- `secret` once a first code confirmed it. `last_step` is the newest 30-second step a code was
-- accepted for, so a code is taken once.
CREATE TABLE "second_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "second_factors_enabled_has_secret" CHECK (("enabled_at" IS NULL) = ("secret" IS NULL))
);--> statement-breakpoint
-- Ten single-use recovery codes, only their hashes; a used one keeps its row with `used_at`.
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL UNIQUE,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
-- A session that stopped after the magic link (`second_step`) can only finish the second step;
-- `factor_passed_at` says when this session passed the factor; `factor_attempts` counts its wrong
-- codes (five, and the session is signed out). `user_agent` names the device in the sessions list.
ALTER TABLE "access_tokens" ADD COLUMN "second_step" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "factor_passed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "factor_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "user_agent" text;
