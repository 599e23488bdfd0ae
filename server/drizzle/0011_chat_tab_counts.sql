-- Chat-list tab totals kept by the database, so the totals endpoint reads one row instead of
-- aggregating a creator's whole inbox, and no code path that writes chat_members or presence can skew
-- them. `recent` depends on the clock, so it is counted at read time off the list index; `online`
-- is kept here for partners who are not creators, and creators online are counted at read time.
CREATE TABLE "chat_tab_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"all_chats" integer DEFAULT 0 NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"unreplied" integer DEFAULT 0 NOT NULL,
	"vip" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"online_fans" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_tab_counts" ADD CONSTRAINT "chat_tab_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint

-- Adds deltas to one person's totals. A person being deleted (the cascade removes their rows) gets
-- no row; anyone else gets theirs on their first counted chat.
CREATE FUNCTION chat_tab_counts_add(uid uuid, d_all bigint, d_fans bigint, d_favorites bigint,
  d_unreplied bigint, d_vip bigint, d_sent bigint, d_online bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_tab_counts SET all_chats = all_chats + d_all, fans = fans + d_fans,
    favorites = favorites + d_favorites, unreplied = unreplied + d_unreplied, vip = vip + d_vip,
    sent = sent + d_sent, online_fans = online_fans + d_online
  WHERE user_id = uid;
  IF NOT FOUND AND EXISTS (SELECT 1 FROM users WHERE id = uid) THEN
    INSERT INTO chat_tab_counts AS c (user_id, all_chats, fans, favorites, unreplied, vip, sent, online_fans)
    VALUES (uid, d_all, d_fans, d_favorites, d_unreplied, d_vip, d_sent, d_online)
    ON CONFLICT (user_id) DO UPDATE SET all_chats = c.all_chats + d_all, fans = c.fans + d_fans,
      favorites = c.favorites + d_favorites, unreplied = c.unreplied + d_unreplied, vip = c.vip + d_vip,
      sent = c.sent + d_sent, online_fans = c.online_fans + d_online;
  END IF;
END $$;
--> statement-breakpoint

-- Once per statement, over its transition tables: the old rows' tabs out, the new rows' in, summed
-- per person and applied in user order (one lock order, and one counts update per person however
-- many rows a bulk edit touches). The tabs are the predicates of src/chats/chat-filters.ts
-- (VIP_CREDITS = 1000) over rows listed and not hidden, and `online_fans` counts partners online who
-- are not creators, read as they are now: a concurrent presence change either committed before (and
-- is read here) or waits on these rows' locks and counts them as they end (chat_tab_counts_presence).
-- Queries over transition tables are planned on every call, so the sums are written out in each
-- branch (an inlined SQL function or dynamic SQL doubled their cost), and an update that changes no
-- counted fact (a read, a send in the same direction) stops at a cheap check.
CREATE FUNCTION chat_tab_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new row has no lock a presence change could wait on, so its partner's row is share-locked:
    -- a presence change in flight commits first and is read below, a later one sees this row.
    PERFORM 1 FROM users p WHERE p.id IN (SELECT other_id FROM new_rows WHERE listed AND NOT hidden)
      ORDER BY p.id FOR SHARE;
    PERFORM chat_tab_counts_add(user_id, sum(c), sum(fan), sum(fav), sum(unr), sum(vip), sum(snt), sum(onl))
    FROM (
      SELECT r.user_id, r.dir * r.c::int AS c, r.dir * (r.c AND r.spent_by_other > 0)::int AS fan,
        r.dir * (r.c AND r.favorite)::int AS fav, r.dir * (r.c AND r.last_from_other)::int AS unr,
        r.dir * (r.c AND r.spent_by_other >= 1000)::int AS vip,
        r.dir * (r.c AND r.last_message_at IS NOT NULL AND NOT r.last_from_other)::int AS snt,
        r.dir * (r.c AND coalesce(p.is_online AND p.type <> 'featured', false))::int AS onl
      FROM (SELECT 1 AS dir, n.listed AND NOT n.hidden AS c, n.* FROM new_rows n) r LEFT JOIN users p ON p.id = r.other_id
    ) d
    GROUP BY user_id HAVING sum(c) <> 0 ORDER BY user_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM chat_tab_counts_add(user_id, sum(c), sum(fan), sum(fav), sum(unr), sum(vip), sum(snt), sum(onl))
    FROM (
      SELECT r.user_id, r.dir * r.c::int AS c, r.dir * (r.c AND r.spent_by_other > 0)::int AS fan,
        r.dir * (r.c AND r.favorite)::int AS fav, r.dir * (r.c AND r.last_from_other)::int AS unr,
        r.dir * (r.c AND r.spent_by_other >= 1000)::int AS vip,
        r.dir * (r.c AND r.last_message_at IS NOT NULL AND NOT r.last_from_other)::int AS snt,
        r.dir * (r.c AND coalesce(p.is_online AND p.type <> 'featured', false))::int AS onl
      FROM (SELECT -1 AS dir, o.listed AND NOT o.hidden AS c, o.* FROM old_rows o) r LEFT JOIN users p ON p.id = r.other_id
    ) d
    GROUP BY user_id HAVING sum(c) <> 0 ORDER BY user_id;
  ELSIF EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.chat_id = o.chat_id AND n.user_id = o.user_id
    WHERE (o.other_id, o.listed, o.hidden, o.favorite, o.last_from_other, o.last_message_at IS NULL,
        o.spent_by_other > 0, o.spent_by_other >= 1000)
      IS DISTINCT FROM (n.other_id, n.listed, n.hidden, n.favorite, n.last_from_other,
        n.last_message_at IS NULL, n.spent_by_other > 0, n.spent_by_other >= 1000)
  ) THEN
    PERFORM chat_tab_counts_add(user_id, sum(c), sum(fan), sum(fav), sum(unr), sum(vip), sum(snt), sum(onl))
    FROM (
      SELECT r.user_id, r.dir * r.c::int AS c, r.dir * (r.c AND r.spent_by_other > 0)::int AS fan,
        r.dir * (r.c AND r.favorite)::int AS fav, r.dir * (r.c AND r.last_from_other)::int AS unr,
        r.dir * (r.c AND r.spent_by_other >= 1000)::int AS vip,
        r.dir * (r.c AND r.last_message_at IS NOT NULL AND NOT r.last_from_other)::int AS snt,
        r.dir * (r.c AND coalesce(p.is_online AND p.type <> 'featured', false))::int AS onl
      FROM (SELECT 1 AS dir, n.listed AND NOT n.hidden AS c, n.* FROM new_rows n
        UNION ALL SELECT -1, o.listed AND NOT o.hidden, o.* FROM old_rows o) r LEFT JOIN users p ON p.id = r.other_id
    ) d
    GROUP BY user_id HAVING (sum(c), sum(fan), sum(fav), sum(unr), sum(vip), sum(snt), sum(onl)) <> (0, 0, 0, 0, 0, 0, 0) ORDER BY user_id;
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

-- When someone who is not a creator comes online or leaves (or becomes a creator while online), the
-- online total of everyone whose listed chat faces them moves by one. A fan has few chats, so this
-- stays small; a creator's presence is never fanned out to a hundred thousand inboxes (creators
-- online are counted at read time). The facing rows are found through the person's own rows and
-- locked before they are counted, so a concurrent list edit either ends first and is counted as it
-- ended, or runs after and reads the new presence (chat_tab_counts_apply).
CREATE FUNCTION chat_tab_counts_presence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most user updates (last_online, settings) move no one: a cheap check spares them the rest.
  IF NOT EXISTS (
    SELECT 1 FROM new_users n JOIN old_users o ON o.id = n.id
    WHERE (n.is_online AND n.type <> 'featured') <> (o.is_online AND o.type <> 'featured')
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM chat_tab_counts_add(t.user_id, 0, 0, 0, 0, 0, 0, t.d)
  FROM (
    WITH moved AS (
      SELECT n.id, CASE WHEN n.is_online AND n.type <> 'featured' THEN 1 ELSE -1 END AS dir
      FROM new_users n JOIN old_users o ON o.id = n.id
      WHERE (n.is_online AND n.type <> 'featured') <> (o.is_online AND o.type <> 'featured')
    ), facing AS MATERIALIZED (
      SELECT m.user_id, m.listed, m.hidden, moved.dir
      FROM moved JOIN chat_members mine ON mine.user_id = moved.id
        JOIN chat_members m ON m.user_id = mine.other_id AND m.other_id = moved.id
      FOR NO KEY UPDATE OF m
    )
    SELECT user_id, sum(dir) AS d FROM facing WHERE listed AND NOT hidden GROUP BY user_id
  ) t
  WHERE t.d <> 0 ORDER BY t.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_tab_counts_presence AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION chat_tab_counts_presence();
--> statement-breakpoint

-- A person deleted while counted online leaves their partners' totals first; the cascade that then
-- removes the chats no longer finds them online.
CREATE FUNCTION chat_tab_counts_user_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_online AND OLD.type <> 'featured' THEN
    PERFORM chat_tab_counts_add(m.user_id, 0, 0, 0, 0, 0, 0, -count(*))
    FROM chat_members mine JOIN chat_members m ON m.user_id = mine.other_id AND m.other_id = OLD.id
    WHERE mine.user_id = OLD.id AND m.listed AND NOT m.hidden
    GROUP BY m.user_id ORDER BY m.user_id;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_tab_counts_gone BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION chat_tab_counts_user_gone();
--> statement-breakpoint

-- Existing inboxes start exact (the sums of chat_tab_counts_apply over every row).
INSERT INTO chat_tab_counts (user_id, all_chats, fans, favorites, unreplied, vip, sent, online_fans)
SELECT m.user_id, count(*), count(*) FILTER (WHERE m.spent_by_other > 0), count(*) FILTER (WHERE m.favorite),
  count(*) FILTER (WHERE m.last_from_other), count(*) FILTER (WHERE m.spent_by_other >= 1000),
  count(*) FILTER (WHERE m.last_message_at IS NOT NULL AND NOT m.last_from_other),
  count(*) FILTER (WHERE p.is_online AND p.type <> 'featured')
FROM chat_members m JOIN users p ON p.id = m.other_id WHERE m.listed AND NOT m.hidden GROUP BY m.user_id;
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
-- The online tab checks presence per chat; the online total counts creators online at read time.
CREATE INDEX "users_online_idx" ON "users" USING btree ("id") WHERE is_online;
--> statement-breakpoint
CREATE INDEX "users_online_creators_idx" ON "users" USING btree ("id") WHERE is_online AND type = 'featured';
--> statement-breakpoint
-- A search starts from the matching people when they are few (trigram index), and otherwise walks
-- the list index in order until a page is full; the planner picks by the term's selectivity.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
