-- Reports that reach staff (docs/rules.md, Reports and the staff console): a reason from the list,
-- the reporter's note, evidence copied at report time (the reported person's recent messages in the
-- chat, or the reported post) so a later delete does not erase it, and where staff stand with it.
ALTER TABLE "reports" ADD COLUMN "category" text DEFAULT 'other' NOT NULL
  CHECK ("category" IN ('spam', 'harassment', 'underage', 'impersonation', 'stolen_content', 'scam', 'other'));--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "chat_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "evidence" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "status" text DEFAULT 'open' NOT NULL
  CHECK ("status" IN ('open', 'assigned', 'resolved'));--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "assigned_to" uuid REFERENCES "users"("id");--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Reports made before this migration were never read: they start in the queue as open.
-- One open report per reporter and person: reporting again updates it.
CREATE UNIQUE INDEX "reports_open_pair_idx" ON "reports" USING btree ("reporter_id", "reported_id") WHERE "status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("status", "created_at");--> statement-breakpoint
CREATE INDEX "reports_reported_idx" ON "reports" USING btree ("reported_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id", "created_at");--> statement-breakpoint
-- The audit log: why each action was taken, and no row ever changes or goes away once written.
-- Rows from before this migration were run from the command line.
ALTER TABLE "admin_actions" ADD COLUMN "reason" text DEFAULT 'from the command line' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_actions" ALTER COLUMN "reason" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "admin_actions_target_idx" ON "admin_actions" USING btree ("target_user_id", "created_at");--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION "admin_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_actions is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_actions_append_only" BEFORE UPDATE OR DELETE ON "admin_actions"
  FOR EACH ROW EXECUTE FUNCTION "admin_actions_append_only"();--> statement-breakpoint
CREATE TRIGGER "admin_actions_no_truncate" BEFORE TRUNCATE ON "admin_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_actions_append_only"();
