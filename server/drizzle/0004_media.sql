CREATE TABLE "media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"kind" text NOT NULL,
	"upload_type" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"source_type" text NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"video_length" real,
	"original_key" text,
	"renditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "media_size_positive" CHECK ("media"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "media_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"media_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_public_id_key" ON "media" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_owner_sha256_key" ON "media" USING btree ("owner_id","sha256") WHERE "media"."deleted_at" IS NULL AND "media"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "media_owner_md5_idx" ON "media" USING btree ("owner_id","md5");--> statement-breakpoint
CREATE INDEX "media_vault_idx" ON "media" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_jobs_queue_idx" ON "media_jobs" USING btree ("run_at","id") WHERE "media_jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "media_jobs_media_idx" ON "media_jobs" USING btree ("media_id");