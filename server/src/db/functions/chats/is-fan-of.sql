-- Whether `fan` is the fan of a fan-creator pair with `creator`: a fan's account (not staff) and a
-- creator's. Only that fan pays for messages and tips. send_one and tip_message ask it;
-- src/chats/pair-rules.ts `fanOf` reads rows already in the server the same way
-- (test/chats/fan-of.test.ts holds them together). A plain expression, so the planner inlines it.
CREATE OR REPLACE FUNCTION is_fan_of(fan users, creator users) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT fan.type = 'user' AND creator.type = 'featured' AND NOT (fan.is_staff OR fan.is_staff_mo)
$$;
