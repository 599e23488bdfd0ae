-- A chat's preview of a money line is worded per viewer from the line's kind and amount, not stored text.
ALTER TABLE "chats" ADD COLUMN "last_message_notice" jsonb;--> statement-breakpoint
UPDATE "chats" c SET "last_message_notice" = m."notice"
FROM "messages" m WHERE m."id" = c."last_message_id" AND m."notice" IS NOT NULL;
