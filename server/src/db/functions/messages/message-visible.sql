-- Whether a chat member sees a message of their chat: not deleted, meant for them (or for both),
-- not cleared from their side (`cleared_before`), not hidden by them. send_one (a reply's parent) and
-- buy_message ask it; src/messages/visible.ts builds the list queries' condition the same way
-- (test/messages/visible.test.ts holds them together). A plain expression, so the planner inlines it.
CREATE OR REPLACE FUNCTION message_visible(m messages, p_user uuid, p_cleared_before bigint)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT m.deleted_at IS NULL AND (m.visible_to IS NULL OR m.visible_to = p_user)
    AND (p_cleared_before IS NULL OR m.id >= p_cleared_before)
    AND NOT EXISTS (SELECT 1 FROM hidden_messages h WHERE h.message_id = m.id AND h.user_id = p_user)
$$;
