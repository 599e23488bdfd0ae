-- Whoever changes a username (settings, the creator application, staff, account erasure), the name
-- let go is kept for its redirect (docs/rules.md, Public pages); an erased account keeps none.
CREATE OR REPLACE FUNCTION keep_former_username() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    DELETE FROM former_usernames WHERE user_id = NEW.id;
  ELSIF OLD.username IS NOT NULL AND lower(OLD.username) IS DISTINCT FROM lower(NEW.username) THEN
    INSERT INTO former_usernames (name, user_id) VALUES (lower(OLD.username), NEW.id)
      ON CONFLICT (name) DO UPDATE SET user_id = excluded.user_id, changed_at = excluded.changed_at;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER keep_former_username AFTER UPDATE OF username, deleted_at ON users
  FOR EACH ROW EXECUTE FUNCTION keep_former_username();
