CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"username" text,
	"type" text DEFAULT 'user' NOT NULL,
	"gender" text,
	"avatar_url" text,
	"is_customer" boolean DEFAULT false NOT NULL,
	"id_verified" boolean DEFAULT false NOT NULL,
	"id_verification_status" text,
	"identity_check" text,
	"requires_moderation" boolean DEFAULT false NOT NULL,
	"discover_status" text DEFAULT 'hidden' NOT NULL,
	"force_discover" boolean DEFAULT false NOT NULL,
	"onboarding_v2" boolean DEFAULT true NOT NULL,
	"code_used" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"affiliate" boolean DEFAULT false NOT NULL,
	"affiliate_profile_visited" boolean DEFAULT false NOT NULL,
	"bought_credit_package" boolean DEFAULT false NOT NULL,
	"delete_at" timestamp with time zone,
	"show_skinscore_banner" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_favorites" boolean DEFAULT false NOT NULL,
	"is_broadcasting" boolean DEFAULT false NOT NULL,
	"unread_feeds" integer DEFAULT 0 NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"intro_enabled" boolean DEFAULT false NOT NULL,
	"private_feed" boolean DEFAULT false NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"is_staff_mo" boolean DEFAULT false NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"banned_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notify_marketing" boolean DEFAULT true NOT NULL,
	"notify_notifications" boolean DEFAULT true NOT NULL,
	"notify_payments" boolean DEFAULT true NOT NULL,
	"notify_payouts" boolean DEFAULT true NOT NULL,
	"last_online" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_credits_not_negative" CHECK ("users"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "provider_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_features" jsonb NOT NULL,
	"payment_keywords" text DEFAULT '' NOT NULL,
	"global_keywords" text DEFAULT '' NOT NULL,
	"greeting_keywords" text DEFAULT '' NOT NULL,
	"app_keywords" text DEFAULT '' NOT NULL,
	CONSTRAINT "provider_settings_single_row" CHECK ("provider_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");