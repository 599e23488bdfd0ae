-- Blocks stop money as they stop messages (docs/rules.md, Blocks): a block either way refuses a tip
-- and an unlock between the two people, however it is paid (credits, or a card payment finishing
-- with one), as `send_one` refuses a message. `pair_blocked` is the rule's one home
-- for every later function and for the server's own checks (src/chats/chat-store.ts).
CREATE OR REPLACE FUNCTION pair_blocked(p_a uuid, p_b uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = p_a AND blocked_id = p_b)
    OR (blocker_id = p_b AND blocked_id = p_a))
$$;
