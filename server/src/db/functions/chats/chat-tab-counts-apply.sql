-- Once per statement, over its transition tables: the old rows' tabs out, the new rows' in, summed
-- per person and applied in user order (one lock order, and one counts update per person however
-- many rows a bulk edit touches). The tabs are the predicates of src/chats/chat-filters.ts
-- (VIP: her choice, else VIP_CREDITS = 1000) over rows listed and not hidden, and `online_fans` counts partners online who
-- are not creators, read as they are now: a concurrent presence change either committed before (and
-- is read here) or waits on these rows' locks and counts them as they end (chat_tab_counts_presence).
-- Queries over transition tables are planned on every call, so the sums are written out in each
-- branch (an inlined SQL function or dynamic SQL doubled their cost), and an update that changes no
-- counted fact (a read, a send in the same direction) stops at a cheap check.
CREATE OR REPLACE FUNCTION chat_tab_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
        r.dir * (r.c AND coalesce(r.vip, r.spent_by_other >= 1000))::int AS vip,
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
        r.dir * (r.c AND coalesce(r.vip, r.spent_by_other >= 1000))::int AS vip,
        r.dir * (r.c AND r.last_message_at IS NOT NULL AND NOT r.last_from_other)::int AS snt,
        r.dir * (r.c AND coalesce(p.is_online AND p.type <> 'featured', false))::int AS onl
      FROM (SELECT -1 AS dir, o.listed AND NOT o.hidden AS c, o.* FROM old_rows o) r LEFT JOIN users p ON p.id = r.other_id
    ) d
    GROUP BY user_id HAVING sum(c) <> 0 ORDER BY user_id;
  ELSIF EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.chat_id = o.chat_id AND n.user_id = o.user_id
    WHERE (o.other_id, o.listed, o.hidden, o.favorite, o.last_from_other, o.last_message_at IS NULL,
        o.spent_by_other > 0, coalesce(o.vip, o.spent_by_other >= 1000))
      IS DISTINCT FROM (n.other_id, n.listed, n.hidden, n.favorite, n.last_from_other,
        n.last_message_at IS NULL, n.spent_by_other > 0, coalesce(n.vip, n.spent_by_other >= 1000))
  ) THEN
    PERFORM chat_tab_counts_add(user_id, sum(c), sum(fan), sum(fav), sum(unr), sum(vip), sum(snt), sum(onl))
    FROM (
      SELECT r.user_id, r.dir * r.c::int AS c, r.dir * (r.c AND r.spent_by_other > 0)::int AS fan,
        r.dir * (r.c AND r.favorite)::int AS fav, r.dir * (r.c AND r.last_from_other)::int AS unr,
        r.dir * (r.c AND coalesce(r.vip, r.spent_by_other >= 1000))::int AS vip,
        r.dir * (r.c AND r.last_message_at IS NOT NULL AND NOT r.last_from_other)::int AS snt,
        r.dir * (r.c AND coalesce(p.is_online AND p.type <> 'featured', false))::int AS onl
      FROM (SELECT 1 AS dir, n.listed AND NOT n.hidden AS c, n.* FROM new_rows n
        UNION ALL SELECT -1, o.listed AND NOT o.hidden, o.* FROM old_rows o) r LEFT JOIN users p ON p.id = r.other_id
    ) d
    GROUP BY user_id HAVING (sum(c), sum(fan), sum(fav), sum(unr), sum(vip), sum(snt), sum(onl)) <> (0, 0, 0, 0, 0, 0, 0) ORDER BY user_id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER chat_members_tab_counts_insert AFTER INSERT ON chat_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_tab_counts_apply();

CREATE OR REPLACE TRIGGER chat_members_tab_counts_delete AFTER DELETE ON chat_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_tab_counts_apply();

CREATE OR REPLACE TRIGGER chat_members_tab_counts_update AFTER UPDATE ON chat_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_tab_counts_apply();
