ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
CREATE INDEX "email_codes_email_idx" ON "email_codes" USING btree ("email","purpose","created_at");
