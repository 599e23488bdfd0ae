-- A notification record as clients receive it (`notification` in shared/contracts/src/notifications.ts):
-- the page, the realtime event and the push all read this one shape.
CREATE OR REPLACE FUNCTION notification_json(n notifications) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object('id', n.id, 'kind', n.kind,
    'actor', (SELECT jsonb_build_object('_id', a.id, 'username', a.username, 'avatar_url', a.avatar_url)
      FROM users a WHERE a.id = n.actor_id),
    'amount', n.amount, 'count', n.count, 'chat_id', n.chat_id, 'post_id', n.post_id,
    'detail', n.detail, 'url', n.url, 'read', n.read_at IS NOT NULL,
    'created_at', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
END $$;
