-- Records what one purchase opened, one row per media of the message, and what each earned: the
-- creator's share of the sale split evenly over the items that were locked (the free preview earns
-- nothing), the credits left over by the division going one each to the first items in order, so
-- the rows add up to the share exactly (docs/rules.md, "Bundles"). A message with one media is a
-- bundle of one; a text-only paid message opens no media.
CREATE OR REPLACE FUNCTION attribute_purchase(p_message bigint, p_media uuid, p_buyer uuid, p_earned bigint)
RETURNS void LANGUAGE sql AS $$
  WITH items AS (
    SELECT mm.media_id, mm.preview, mm.position FROM message_media mm WHERE mm.message_id = p_message
    UNION ALL
    SELECT p_media, false, 0 WHERE p_media IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM message_media WHERE message_id = p_message)
  ), ranked AS (
    SELECT media_id, preview,
      row_number() OVER (PARTITION BY preview ORDER BY position) - 1 AS k,
      count(*) FILTER (WHERE NOT preview) OVER () AS n
    FROM items
  )
  INSERT INTO purchase_items (message_id, buyer_id, media_id, earned)
  SELECT p_message, p_buyer, media_id,
    CASE WHEN preview THEN 0 ELSE p_earned / n + CASE WHEN k < p_earned % n THEN 1 ELSE 0 END END
  FROM ranked
$$;
