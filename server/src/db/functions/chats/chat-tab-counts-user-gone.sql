-- A person deleted while counted online leaves their partners' totals first; the cascade that then
-- removes the chats no longer finds them online.
CREATE OR REPLACE FUNCTION chat_tab_counts_user_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_online AND OLD.type <> 'featured' THEN
    PERFORM chat_tab_counts_add(m.user_id, 0, 0, 0, 0, 0, 0, -count(*))
    FROM chat_members mine JOIN chat_members m ON m.user_id = mine.other_id AND m.other_id = OLD.id
    WHERE mine.user_id = OLD.id AND m.listed AND NOT m.hidden
    GROUP BY m.user_id ORDER BY m.user_id;
  END IF;
  RETURN OLD;
END $$;

CREATE OR REPLACE TRIGGER users_tab_counts_gone BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION chat_tab_counts_user_gone();
