-- Lists a bundle's items on the message that carries them, in the order picked (`p_items`:
-- [{ "media_id", "preview" }]); nothing for a message with one media or none (`p_items` null).
CREATE OR REPLACE FUNCTION write_bundle(p_message bigint, p_items jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO message_media (message_id, position, media_id, preview)
  SELECT p_message, i.ord - 1, (i.item->>'media_id')::uuid, coalesce((i.item->>'preview')::boolean, false)
  FROM jsonb_array_elements(coalesce(p_items, '[]'::jsonb)) WITH ORDINALITY AS i(item, ord)
$$;
