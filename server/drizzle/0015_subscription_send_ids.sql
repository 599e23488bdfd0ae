-- The send id of the request that started (or restarted) a subscription, so a retried subscribe
-- answers the first result and never charges twice (src/subscriptions/subscribe.ts). Send ids of
-- subscriptions are unique per fan, apart from those of messages and tips.
ALTER TABLE subscriptions ADD COLUMN send_id text;
--> statement-breakpoint
CREATE UNIQUE INDEX subscriptions_send_id_key ON subscriptions (fan_id, send_id);
