-- Broadcasts the writer cannot write (docs/rules.md, "Broadcasts": Failed). The job counts the errors
-- its writing throws on the row; a killed process throws nothing, so crashes are never counted (they
-- lose no work, see src/broadcasts/queue.ts). At the limit the broadcast is `failed`: the recipients
-- written keep their message, the rest get none, and its job ends instead of retrying for days.
ALTER TABLE "broadcasts" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "broadcasts" DROP CONSTRAINT "broadcasts_status_check";
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_status_check"
	CHECK ("status" IN ('scheduled', 'sending', 'sent', 'canceled', 'unsent', 'failed'));
