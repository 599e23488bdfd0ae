-- Faster broadcast batches (docs/architecture.md, Benchmarks): each batch is driven from its own
-- recipients (arrays), so no plan depends on how well the statistics know a table just filled; the
-- messages and everything they change are one statement; the creator gets `broadcast_done` instead of
-- a copy of every message. Recipients are resolved in two steps, fans online first, so the people
-- watching get the message within the first batch: `resolved` says the second step is done.
ALTER TABLE "broadcasts" ADD COLUMN "resolved" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "broadcasts" ALTER COLUMN "resolved" SET DEFAULT false;
--> statement-breakpoint
UPDATE "broadcasts" SET "resolved" = false WHERE "status" = 'scheduled';
--> statement-breakpoint
-- Database functions and their triggers live in src/db/functions (one a file), applied after the
-- migrations by src/db/apply-functions.ts; this migration created or replaced:
--   broadcast_write_batch: src/db/functions/broadcasts/broadcast-write-batch.sql
