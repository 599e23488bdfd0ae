-- Whether a person wants records of a kind (docs/rules.md, "Notifications"): the one home of which
-- Notifications setting covers which kind. Staff decisions about the person's own account are always
-- recorded; `marketing` covers no kind.
CREATE OR REPLACE FUNCTION notification_wanted(u users, p_kind text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN CASE
    WHEN p_kind IN ('application', 'moderation') THEN true
    WHEN p_kind = 'payout' THEN u.notify_payouts
    WHEN p_kind IN ('tip', 'purchase', 'post_purchase', 'new_subscriber', 'renewal') THEN u.notify_payments
    ELSE u.notify_notifications
  END;
END $$;
