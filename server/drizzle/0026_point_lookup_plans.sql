-- The send path's functions (one message, a tip, an unlock) only ever look rows up by key. PL/pgSQL
-- keeps each statement's plan for the session, and a plan made while a table was nearly empty (a
-- young install, or before autovacuum has analyzed a burst) can be a sequential scan that stays in
-- use as the table grows: measured during a 100,000-message broadcast into a fresh messages table,
-- every send's idempotency lookup scanned the whole table (40-75 ms each, others' sends p99 ~10 s).
-- With sequential scans disabled inside these functions their lookups always take the key's index,
-- whatever the statistics say. A later CREATE OR REPLACE of one of them must keep this setting.
ALTER FUNCTION send_messages(jsonb, numeric) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION tip_message(jsonb, numeric) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION buy_message(uuid, bigint, numeric, bigint) SET enable_seqscan = off;
