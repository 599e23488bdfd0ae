-- Release health (docs/frontend-platform.md, "Canary"): how each remote version fares in browsers,
-- counted per page session (a random id the tab keeps; no user, no URL), so the server can compare a
-- canary's failure rate with the stable version's and roll a bad canary back.
CREATE TABLE "release_health" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"kind" text NOT NULL,
	"session" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_health_pkey" PRIMARY KEY("remote","version","kind","session")
);
--> statement-breakpoint
-- The comparison reads one remote's versions since a canary began.
CREATE INDEX "release_health_remote_idx" ON "release_health" ("remote", "version", "last_at");
