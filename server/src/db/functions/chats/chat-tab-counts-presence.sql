-- When someone who is not a creator comes online or leaves (or becomes a creator while online), the
-- online total of everyone whose listed chat faces them moves by one. A fan has few chats, so this
-- stays small; a creator's presence is never fanned out to a hundred thousand inboxes (creators
-- online are counted at read time). The facing rows are found through the person's own rows and
-- locked before they are counted, so a concurrent list edit either ends first and is counted as it
-- ended, or runs after and reads the new presence (chat_tab_counts_apply).
CREATE OR REPLACE FUNCTION chat_tab_counts_presence() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER users_tab_counts_presence AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION chat_tab_counts_presence();
