-- Adds deltas to one person's totals. A person being deleted (the cascade removes their rows) gets
-- no row; anyone else gets theirs on their first counted chat.
CREATE OR REPLACE FUNCTION chat_tab_counts_add(uid uuid, d_all bigint, d_fans bigint, d_favorites bigint,
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
