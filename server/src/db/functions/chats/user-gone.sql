-- Whether an account is gone for others: banned, terminated, deleted, or past its scheduled deletion.
-- The database's functions ask it (send_one, broadcast_write_batch); src/chats/pair-rules.ts `isGone`
-- reads a row already in the server the same way (test/chats/user-gone.test.ts holds them together).
-- A plain expression, so the planner inlines it.
CREATE OR REPLACE FUNCTION user_gone(u users) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT u.banned_at IS NOT NULL OR u.terminated_at IS NOT NULL OR u.deleted_at IS NOT NULL
    OR (u.delete_at IS NOT NULL AND u.delete_at <= now())
$$;
