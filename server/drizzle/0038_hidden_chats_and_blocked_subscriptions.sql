-- The Hidden tab reads hidden chats in list order off their own index.
CREATE INDEX "chat_members_hidden_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND hidden;--> statement-breakpoint
-- A block now acts on the pair's subscription as it is made (docs/rules.md, Blocks and subscriptions);
-- subscriptions of pairs blocked before that stop renewing, as the renewal sweep used to decide.
UPDATE "subscriptions" s SET "status" = 'canceled', "canceled_at" = now(), "updated_at" = now()
WHERE s."status" = 'active' AND EXISTS (
  SELECT 1 FROM "blocks" b
  WHERE (b."blocker_id" = s."fan_id" AND b."blocked_id" = s."creator_id")
     OR (b."blocker_id" = s."creator_id" AND b."blocked_id" = s."fan_id"));
