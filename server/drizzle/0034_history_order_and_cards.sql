-- The spending history (src/history) lists a fan's ledger transactions by `created_at`, and several
-- can share one (now() is fixed within a database transaction), while a running balance needs a
-- total order. An identity column numbers existing rows in their physical order and new rows as
-- they are inserted, breaking those ties in the order the rows were written; it is also the
-- history's page cursor.
ALTER TABLE "ledger_transactions" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_seq_idx" ON "ledger_transactions" ("seq");
--> statement-breakpoint
-- A receipt names the card a payment was made with, whether or not the fan saved it.
ALTER TABLE "payments" ADD COLUMN "card_brand" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;
--> statement-breakpoint
-- Payments made with a saved card before this migration take the card's brand and last four.
UPDATE "payments" p SET "card_brand" = c."brand", "card_last4" = c."last4"
  FROM "saved_cards" c WHERE c."id" = p."card_id";
