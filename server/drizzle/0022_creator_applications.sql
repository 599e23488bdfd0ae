-- Applications to become a creator (docs/rules.md, "Becoming a creator"): one per person, kept after a
-- decision so a rejected person cannot apply again. The sandbox identity check is addressed by
-- `check_id`, a random id that is also the path of its page (/sandbox/identity/:check_id).
CREATE TABLE "creator_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"date_of_birth" date NOT NULL,
	"country" text NOT NULL,
	"check_id" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_applications_user_key" UNIQUE ("user_id"),
	CONSTRAINT "creator_applications_check_key" UNIQUE ("check_id"),
	CONSTRAINT "creator_applications_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "creator_applications" ADD CONSTRAINT "creator_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "creator_applications_pending_idx" ON "creator_applications" ("created_at") WHERE "status" = 'pending';
