-- The event types of a log append followed by the `notification` events of `p_notes` (what
-- add_notification answered), so a caller appends both in one append_events call.
CREATE OR REPLACE FUNCTION notification_types(p_types text[], p_notes jsonb[]) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN p_types || array_fill('notification'::text, ARRAY[coalesce(cardinality(p_notes), 0)]);
END $$;
