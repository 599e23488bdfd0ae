-- Discover at any size (docs/rules.md, Discover order): each creator's place is a stored number
-- (`discover_rank`, computed by the database function of the same name) that an index keeps in order,
-- instead of counting every creator's recent posts and messages at each request.
ALTER TABLE "users" ADD COLUMN "recent_activity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discover_rank" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Minutes east of UTC, from the person's browser: the Nearby tab.
ALTER TABLE "users" ADD COLUMN "utc_offset" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_utc_offset_range" CHECK ("utc_offset" BETWEEN -720 AND 840);--> statement-breakpoint
-- Messages a creator sent per day (UTC), folded in by the activity job from the messages written since
-- its mark, so no request and no send ever counts or locks anything for it.
CREATE TABLE "creator_activity" (
  "creator_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "messages" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("creator_id", "day")
);--> statement-breakpoint
CREATE TABLE "discover_activity_mark" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "message_id" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "creator_activity" ("creator_id", "day", "messages")
  SELECT m."sender_id", (m."created_at" AT TIME ZONE 'UTC')::date, count(*)
  FROM "messages" m JOIN "users" u ON u."id" = m."sender_id" AND u."type" = 'featured'
  WHERE NOT m."system" AND m."created_at" > now() - interval '8 days'
  GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "discover_activity_mark" ("message_id") SELECT coalesce(max("id"), 0) FROM "messages";--> statement-breakpoint
CREATE INDEX "users_discover_idx" ON "users" ("discover_rank" DESC, "username", "id") WHERE "type" = 'featured';--> statement-breakpoint
CREATE INDEX "users_discover_featured_idx" ON "users" ("discover_rank" DESC, "username", "id")
  WHERE "type" = 'featured' AND ("discover_status" = 'featured' OR "force_discover");;--> statement-breakpoint
-- Discover's search looks in bios as well as names: both through trigram indexes, never a scan.
CREATE INDEX "users_bio_trgm_idx" ON "users" USING gin ("bio" gin_trgm_ops);
