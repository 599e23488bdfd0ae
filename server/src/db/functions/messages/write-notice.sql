-- A message written by Cove into a chat, seen by `p_viewer` only (as src/messages/system-messages.ts
-- writes one in a server transaction): the row, with `p_notice` (a money line's kind and amount, which
-- the viewer's screen words) and no text, and the payload of the viewer's `new_message` event,
-- `p_view` (prepared by the server) completed with what the insert knows.
-- The version that took a sentence instead of a notice goes first: a changed signature is a new function.
DROP FUNCTION IF EXISTS write_notice(uuid, uuid, uuid, text, text, jsonb, timestamptz);
CREATE OR REPLACE FUNCTION write_notice(p_chat uuid, p_viewer uuid, p_other uuid, p_type text, p_notice jsonb,
  p_view jsonb, p_at timestamptz) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  n messages;
BEGIN
  INSERT INTO messages (chat_id, sender_id, recipient_id, visible_to, system, type, notice, created_at)
    VALUES (p_chat, p_other, p_viewer, p_viewer, true, p_type, p_notice, p_at)
    RETURNING * INTO n;
  RETURN jsonb_build_object('message', p_view || jsonb_build_object('_id', n.id::text, 'chat_id', p_chat,
    'notice', n.notice, 'created_at', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
END $$;
