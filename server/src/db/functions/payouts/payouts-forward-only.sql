-- A payout only moves forward: on hold, then pending, then completed or failed.
CREATE OR REPLACE FUNCTION payouts_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = NEW.status THEN
    RETURN NEW;
  END IF;
  IF (OLD.status = 'on_hold' AND NEW.status = 'pending')
    OR (OLD.status = 'pending' AND NEW.status IN ('completed', 'failed')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payout % cannot go from % to %', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_forward_only';
END $$;

CREATE OR REPLACE TRIGGER payouts_forward_only BEFORE UPDATE OF status ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_forward_only();
