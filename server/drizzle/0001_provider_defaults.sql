-- The provider's defaults (see docs/rules.md, "Provider configuration"). Support staff change them later.
INSERT INTO "provider_settings" ("id", "default_features", "payment_keywords", "global_keywords", "greeting_keywords", "app_keywords")
VALUES (
  1,
  '{"broadcast": true, "exclusive_content_banner": false, "no_discover": false, "force_free_chats": false, "bank_transfer": true, "paypal_transfer": true, "paxum_transfer": false, "crypto_transfer": false, "tips": true, "usd_content": false, "credit_package_sales_commissions": false, "crypto_payment": false, "vault": true, "discover_cards": true}'::jsonb,
  'paypal,venmo,cashapp,cash app,zelle,western union,bank transfer,wire transfer,bitcoin,crypto wallet,iban',
  'kill yourself,underage,minor,escort',
  'hi,hello,hey,hiya,good morning,good evening',
  'whatsapp,telegram,snapchat,kik,signal,instagram,onlyfans,skype'
) ON CONFLICT ("id") DO NOTHING;
