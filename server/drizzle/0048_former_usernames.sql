-- Former usernames (docs/rules.md, Public pages): a creator's old `/{username}` link answers 301 to
-- their current page. One row per name (lower case): the latest person to have let it go. A name
-- someone holds now is theirs, whatever this table says; the table only answers names nobody holds.
CREATE TABLE "former_usernames" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "former_usernames_lower" CHECK ("name" = lower("name"))
);--> statement-breakpoint
CREATE INDEX "former_usernames_user_idx" ON "former_usernames" USING btree ("user_id");
