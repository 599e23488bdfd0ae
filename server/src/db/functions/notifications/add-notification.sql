-- Records one thing that happened for each of `p_users` who wants its kind (notification_wanted), in
-- the caller's transaction, and answers the `notification` event payload of each record written. A
-- message joins the unread record of its chat if there is one (`count` rises, the newest preview and
-- time win); the insert's conflict on `notifications_gather_key` makes that exact under concurrency.
CREATE OR REPLACE FUNCTION add_notification(p_users uuid[], p_kind text, p_actor uuid, p_amount integer,
    p_chat uuid, p_post uuid, p_detail text, p_url text)
RETURNS TABLE (user_id uuid, payload jsonb) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH added AS (
    INSERT INTO notifications AS n (user_id, kind, actor_id, amount, chat_id, post_id, detail, url, created_at)
      SELECT u.id, p_kind, p_actor, p_amount, p_chat, p_post, p_detail, p_url,
          date_trunc('milliseconds', clock_timestamp())
        FROM users u WHERE u.id = ANY(p_users) AND notification_wanted(u, p_kind)
        ORDER BY u.id
      ON CONFLICT (user_id, chat_id) WHERE kind = 'message' AND read_at IS NULL
      DO UPDATE SET count = n.count + 1, actor_id = excluded.actor_id, detail = excluded.detail,
        created_at = excluded.created_at
      RETURNING n.*
  )
  SELECT a.user_id, jsonb_build_object('notification', notification_json(a::notifications)) FROM added a;
END $$;
