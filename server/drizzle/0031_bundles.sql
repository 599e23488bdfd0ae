-- Bundles (docs/rules.md, "Bundles"): a message may carry several media under one price. Its items
-- are listed here in order; `messages.media_id` keeps the first, for clients that know one media.
CREATE TABLE "message_media" (
  "message_id" bigint NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
  "position" smallint NOT NULL,
  "media_id" uuid NOT NULL,
  "preview" boolean NOT NULL DEFAULT false,
  PRIMARY KEY ("message_id", "position"),
  CONSTRAINT "message_media_position_range" CHECK ("position" >= 0 AND "position" < 10)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "message_media_item_key" ON "message_media" ("message_id", "media_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "message_media_one_preview" ON "message_media" ("message_id") WHERE "preview";
--> statement-breakpoint
-- Every media request checks who may see it through the messages that carry it.
CREATE INDEX "message_media_media_idx" ON "message_media" ("media_id");
--> statement-breakpoint
-- What each item of a purchase opened and earned its creator (the attribution in docs/rules.md).
-- A refund deletes the purchase, and its items with it.
CREATE TABLE "purchase_items" (
  "message_id" bigint NOT NULL,
  "buyer_id" uuid NOT NULL,
  "media_id" uuid NOT NULL,
  "earned" integer NOT NULL,
  PRIMARY KEY ("message_id", "buyer_id", "media_id"),
  FOREIGN KEY ("message_id", "buyer_id") REFERENCES "purchases"("message_id", "buyer_id") ON DELETE CASCADE,
  CONSTRAINT "purchase_items_earned_positive" CHECK ("earned" >= 0)
);
--> statement-breakpoint
CREATE INDEX "purchase_items_media_idx" ON "purchase_items" ("media_id");
--> statement-breakpoint
-- Purchases made before bundles opened their one media, which earned the creator's whole share.
INSERT INTO "purchase_items" ("message_id", "buyer_id", "media_id", "earned")
  SELECT p.message_id, p.buyer_id, m.media_id, coalesce((
    SELECT sum(e.amount) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.transaction_id = p.transaction_id AND a.kind = 'earnings' AND a.owner_id = m.sender_id), 0)
  FROM purchases p JOIN messages m ON m.id = p.message_id
  WHERE m.media_id IS NOT NULL;
--> statement-breakpoint
-- A broadcast's or auto-message's bundle, as its sender picked it: [{ "media_id", "preview" }].
ALTER TABLE "broadcasts" ADD COLUMN "media_items" jsonb;
--> statement-breakpoint
ALTER TABLE "auto_messages" ADD COLUMN "media_items" jsonb;
