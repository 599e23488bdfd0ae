-- Money lines in a chat keep their amount, not a sentence (docs/rules.md, Money on screen): a `notice`
-- holds the line's kind and its amount in credits, and each viewer's screen words it in dollars. Rows
-- written before carry the amount inside their English text; it is read out here and the text
-- cleared. A text that does not match the sentence it was written with is left as it was.
ALTER TABLE "messages" ADD COLUMN "notice" jsonb;
--> statement-breakpoint
-- Tips always kept their amount as the copy's cost.
UPDATE "messages" SET "notice" = jsonb_build_object('kind', 'tip', 'amount', "cost"), "text" = ''
  WHERE "system" AND "type" IN ('tip_user', 'tip_model');
--> statement-breakpoint
UPDATE "messages" SET "notice" = jsonb_build_object('kind', 'rate_changed',
    'amount', substring("text" FROM '^You changed the rate to (\d+) credits per message\.$')::integer), "text" = ''
  WHERE "system" AND "type" = 'for_model_rate_changed'
    AND "text" ~ '^You changed the rate to \d+ credits per message\.$';
--> statement-breakpoint
UPDATE "messages" SET "notice" = jsonb_build_object('kind', 'rate_changed',
    'amount', substring("text" FROM '^Messages in this chat now cost (\d+) credits\.$')::integer), "text" = ''
  WHERE "system" AND "type" = 'for_user_rate_changed'
    AND "text" ~ '^Messages in this chat now cost \d+ credits\.$';
--> statement-breakpoint
UPDATE "messages" SET "notice" = jsonb_build_object('kind', 'intro_ended',
    'amount', substring("text" FROM '^Your intro is over: messages now cost (\d+) credits per message\.$')::integer),
    "text" = ''
  WHERE "system" AND "type" = 'intro_ended'
    AND "text" ~ '^Your intro is over: messages now cost \d+ credits per message\.$';
--> statement-breakpoint
UPDATE "messages" SET "notice" = jsonb_build_object('kind', 'intro_ended',
    'amount', substring("text" FROM '^The intro is over: this fan now pays (\d+) credits per message\.$')::integer),
    "text" = ''
  WHERE "system" AND "type" = 'intro_ended_model'
    AND "text" ~ '^The intro is over: this fan now pays \d+ credits per message\.$';
--> statement-breakpoint
-- Subscriptions were written in dollars ("$4.99" is 49.9 credits: rounded to whole credits).
UPDATE "messages" SET "notice" = jsonb_build_object('kind', 'subscribed',
    'amount', round(replace(substring("text" FROM ' for \$([\d,]+\.\d\d) a month\.$'), ',', '')::numeric * 10)::integer),
    "text" = ''
  WHERE "system" AND "type" IN ('for_user_subscription', 'for_model_subscription')
    AND "text" ~ ' subscribed( to .+)? for \$[\d,]+\.\d\d a month\.$';
--> statement-breakpoint
-- A failed renewal named no amount: it was the price of the fan's last subscription to that creator
-- started before the line (the line's sender is the creator, its viewer the fan).
UPDATE "messages" m SET "notice" = jsonb_build_object('kind', 'renewal_failed', 'amount', p."price"), "text" = ''
  FROM (
    SELECT l."id", (
      SELECT s."price" FROM "subscriptions" s
      WHERE s."fan_id" = l."visible_to" AND s."creator_id" = l."sender_id" AND s."created_at" <= l."created_at"
      ORDER BY s."created_at" DESC LIMIT 1
    ) AS "price"
    FROM "messages" l
    WHERE l."system" AND l."type" = 'for_user_subscription'
      AND l."text" ~ '^Your subscription to .+ ended: you did not have enough credits to renew it\.$'
  ) p
  WHERE m."id" = p."id" AND p."price" IS NOT NULL;
