-- Chat-list tab totals kept by the database, so the totals endpoint reads one row instead of
-- aggregating a creator's whole inbox, and no code path that writes chat_members can skew them.
-- Only tabs that are a function of the member row alone are kept here; `recent` (time) and
-- `online` (the other person's presence) are index-served counts at read time (list-chats.ts).
CREATE TABLE "chat_tab_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"all_chats" integer DEFAULT 0 NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"unreplied" integer DEFAULT 0 NOT NULL,
	"vip" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_tab_counts" ADD CONSTRAINT "chat_tab_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint

-- Adds deltas to one person's totals. A person being deleted (the cascade removes their rows) gets
-- no row; anyone else gets theirs on their first counted chat.
CREATE FUNCTION chat_tab_counts_add(uid uuid, d_all bigint, d_fans bigint, d_favorites bigint, d_unreplied bigint, d_vip bigint, d_sent bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_tab_counts SET all_chats = all_chats + d_all, fans = fans + d_fans,
    favorites = favorites + d_favorites, unreplied = unreplied + d_unreplied, vip = vip + d_vip,
    sent = sent + d_sent
  WHERE user_id = uid;
  IF NOT FOUND AND EXISTS (SELECT 1 FROM users WHERE id = uid) THEN
    INSERT INTO chat_tab_counts AS c (user_id, all_chats, fans, favorites, unreplied, vip, sent)
    VALUES (uid, d_all, d_fans, d_favorites, d_unreplied, d_vip, d_sent)
    ON CONFLICT (user_id) DO UPDATE SET all_chats = c.all_chats + d_all, fans = c.fans + d_fans,
      favorites = c.favorites + d_favorites, unreplied = c.unreplied + d_unreplied, vip = c.vip + d_vip,
      sent = c.sent + d_sent;
  END IF;
END $$;
--> statement-breakpoint

-- Which tabs one member row counts in: the predicates of src/chats/chat-filters.ts (VIP_CREDITS =
-- 1000), over rows listed and not hidden. Inlined by the planner where it is used.
CREATE FUNCTION chat_tab_flags(m chat_members, OUT user_id uuid, OUT counted int, OUT is_fan int,
  OUT is_favorite int, OUT is_unreplied int, OUT is_vip int, OUT is_sent int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT m.user_id, c::int, (c AND m.spent_by_other > 0)::int, (c AND m.favorite)::int,
    (c AND m.last_from_other)::int, (c AND m.spent_by_other >= 1000)::int,
    (c AND m.last_message_at IS NOT NULL AND NOT m.last_from_other)::int
  FROM (SELECT m.listed AND NOT m.hidden AS c) visible
$$;
--> statement-breakpoint

-- Once per statement, over its transition tables: the old rows' tabs out, the new rows' in, summed
-- per person and applied in user order (one lock order, and one counts update per person however
-- many rows a bulk edit touches). A statement that changes no counted fact (a read, a send in the
-- same direction) updates nothing.
CREATE FUNCTION chat_tab_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM chat_tab_counts_add(f.user_id, sum(counted), sum(is_fan), sum(is_favorite), sum(is_unreplied), sum(is_vip), sum(is_sent))
    FROM new_rows n, chat_tab_flags(n::chat_members) f
    GROUP BY f.user_id HAVING sum(counted) <> 0 ORDER BY f.user_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM chat_tab_counts_add(f.user_id, -sum(counted), -sum(is_fan), -sum(is_favorite), -sum(is_unreplied), -sum(is_vip), -sum(is_sent))
    FROM old_rows o, chat_tab_flags(o::chat_members) f
    GROUP BY f.user_id HAVING sum(counted) <> 0 ORDER BY f.user_id;
  ELSE
    PERFORM chat_tab_counts_add(d.user_id, sum(dir * counted), sum(dir * is_fan), sum(dir * is_favorite), sum(dir * is_unreplied), sum(dir * is_vip), sum(dir * is_sent))
    FROM (
      SELECT 1 AS dir, f.* FROM new_rows n, chat_tab_flags(n::chat_members) f
      UNION ALL SELECT -1, f.* FROM old_rows o, chat_tab_flags(o::chat_members) f
    ) d
    GROUP BY d.user_id
    HAVING (sum(dir * counted), sum(dir * is_fan), sum(dir * is_favorite), sum(dir * is_unreplied), sum(dir * is_vip), sum(dir * is_sent)) <> (0, 0, 0, 0, 0, 0)
    ORDER BY d.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_members_tab_counts_insert AFTER INSERT ON chat_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_tab_counts_apply();
--> statement-breakpoint
CREATE TRIGGER chat_members_tab_counts_delete AFTER DELETE ON chat_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_tab_counts_apply();
--> statement-breakpoint
CREATE TRIGGER chat_members_tab_counts_update AFTER UPDATE ON chat_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_tab_counts_apply();
--> statement-breakpoint

-- Existing inboxes start exact.
INSERT INTO chat_tab_counts (user_id, all_chats, fans, favorites, unreplied, vip, sent)
SELECT f.user_id, sum(counted), sum(is_fan), sum(is_favorite), sum(is_unreplied), sum(is_vip), sum(is_sent)
FROM chat_members m, chat_tab_flags(m) f GROUP BY f.user_id HAVING sum(counted) > 0;
--> statement-breakpoint

-- The list reads each tab through an index in its own sort order, over listed, visible rows only,
-- so a selective tab (a few favorites in 100,000 chats) never walks the whole inbox.
DROP INDEX "chat_members_list_idx";
--> statement-breakpoint
CREATE INDEX "chat_members_list_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden;
--> statement-breakpoint
CREATE INDEX "chat_members_favorites_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND favorite;
--> statement-breakpoint
CREATE INDEX "chat_members_fans_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND spent_by_other > 0;
--> statement-breakpoint
CREATE INDEX "chat_members_vip_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND spent_by_other >= 1000;
--> statement-breakpoint
CREATE INDEX "chat_members_unreplied_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND last_from_other;
--> statement-breakpoint
CREATE INDEX "chat_members_sent_idx" ON "chat_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"chat_id") WHERE listed AND NOT hidden AND last_message_at IS NOT NULL AND NOT last_from_other;
--> statement-breakpoint
-- The online tab and total start from the people online now, a small set next to a big inbox.
CREATE INDEX "users_online_idx" ON "users" USING btree ("id") WHERE is_online;
--> statement-breakpoint
-- A search starts from the matching people when they are few (trigram index), and otherwise walks
-- the list index in order until a page is full; the planner picks by the term's selectivity.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
