-- Staff's visibility ladder for a creator (docs/rules.md, Creator signals): 1 `punishment_alert`,
-- 2 `final_punishment_alert`, 3 a penalty that lowers their Discover rank. `punishment_until` is when
-- the step lapses; the rank function reads both (functions/discover/discover-rank.sql).
ALTER TABLE "users" ADD COLUMN "punishment_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "punishment_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "punishment_until" timestamptz;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_punishment_level_range" CHECK ("punishment_level" BETWEEN 0 AND 3);
