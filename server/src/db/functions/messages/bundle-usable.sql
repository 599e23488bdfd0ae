-- Whether every item of a bundle (`p_items`: [{ "media_id", "preview" }], ids checked by the server)
-- is a ready media of its sender that is not deleted from the vault: what a send may carry.
CREATE OR REPLACE FUNCTION bundle_usable(p_owner uuid, p_items jsonb) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT count(x.id) = jsonb_array_length(p_items)
  FROM jsonb_array_elements(p_items) AS i(item)
  LEFT JOIN media x ON x.id = (i.item->>'media_id')::uuid AND x.owner_id = p_owner
    AND x.deleted_at IS NULL AND x.status = 'ready'
$$;
