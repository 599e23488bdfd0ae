-- The account lifecycle (docs/rules.md, "Account lifecycle"): when a scheduled deletion was carried out
-- (the sweep's marker, so a second run changes nothing), when the person confirmed they are 18 or older
-- and accepted the terms, and the countries a creator's profile and chats are closed to.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
-- The deletion sweep's lookup: accounts scheduled for deletion and not yet deleted.
CREATE INDEX "users_delete_due_idx" ON "users" ("delete_at") WHERE "delete_at" IS NOT NULL AND "deleted_at" IS NULL;
