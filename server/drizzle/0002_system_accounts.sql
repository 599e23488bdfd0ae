-- The two system accounts the product speaks as (spec: "Support and info accounts exist").
INSERT INTO "users" ("email", "username", "type", "email_verified", "is_staff", "discover_status", "onboarding_v2")
VALUES
  ('support@cove.invalid', 'support', 'user', true, true, 'hidden', false),
  ('info@cove.invalid', 'info', 'user', true, true, 'hidden', false)
ON CONFLICT DO NOTHING;
