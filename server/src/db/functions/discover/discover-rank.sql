-- A creator's place in Discover as one number, highest first (docs/rules.md, Discover order): online
-- now; then seen within 72 hours; then most active (posts and messages of the last 7 days, the job's
-- `recent_activity`); then most recently seen. Ties go by username. One bigint, so one index keeps
-- the order: bit 62 online, bit 61 seen lately, bits 40-60 activity (capped), bits 0-39 last seen
-- (epoch seconds). A creator under a staff penalty (punishment level 3 until `punishment_until`,
-- docs/rules.md, Creator signals) keeps that order among the penalized but goes below every other
-- creator: half the number, less 2^62, is negative.
DROP FUNCTION IF EXISTS discover_rank(boolean, timestamptz, integer);

CREATE OR REPLACE FUNCTION discover_rank(
  online boolean, last_online timestamptz, activity integer, punishment_level smallint, punishment_until timestamptz)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN punishment_level = 3 AND punishment_until > now() THEN (r >> 1) - (1::bigint << 62) ELSE r END
  FROM (SELECT (CASE WHEN online THEN 1::bigint << 62 ELSE 0 END)
    | (CASE WHEN last_online > now() - interval '72 hours' THEN 1::bigint << 61 ELSE 0 END)
    | (least(greatest(activity, 0), (1 << 20) - 1)::bigint << 40)
    | coalesce(least(greatest(floor(extract(epoch FROM last_online))::bigint, 0), (1::bigint << 40) - 1), 0) AS r) s
$$;

-- A creator's rank follows their presence, activity and penalty as they are written (presence, the
-- activity job, becoming a creator, staff's ladder); the job moves those who crossed the 72-hour line
-- or whose penalty ended since.
CREATE OR REPLACE FUNCTION users_discover_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.discover_rank := CASE WHEN NEW.type = 'featured'
    THEN discover_rank(NEW.is_online, NEW.last_online, NEW.recent_activity, NEW.punishment_level, NEW.punishment_until)
    ELSE 0 END;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER users_discover_rank
  BEFORE INSERT OR UPDATE OF is_online, last_online, recent_activity, type, punishment_level, punishment_until ON users
  FOR EACH ROW EXECUTE FUNCTION users_discover_rank();

-- When this rule changes, every creator's place is worked out again by it.
UPDATE users SET discover_rank = discover_rank(is_online, last_online, recent_activity, punishment_level, punishment_until)
WHERE type = 'featured'
  AND discover_rank <> discover_rank(is_online, last_online, recent_activity, punishment_level, punishment_until);
