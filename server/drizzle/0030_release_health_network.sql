-- Release health is counted in sessions the server signs, capped per network (docs/frontend-platform.md,
-- "Canary"). Each row keeps a keyed hash of the network its session was issued to. Rows from before came
-- from session ids browsers made up, which cannot be told from forged ones: they are dropped, and a
-- running canary's comparison starts again from signed sessions.
DELETE FROM "release_health";
--> statement-breakpoint
ALTER TABLE "release_health" ADD COLUMN "network" text NOT NULL;
