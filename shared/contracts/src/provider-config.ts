import * as z from 'zod/mini';

/** Per-creator feature permissions (spec section 3). */
export const featureNames = [
  'broadcast',
  'exclusive_content_banner',
  'no_discover',
  'force_free_chats',
  'bank_transfer',
  'paypal_transfer',
  'paxum_transfer',
  'crypto_transfer',
  'tips',
  'usd_content',
  'credit_package_sales_commissions',
  'crypto_payment',
  'vault',
  'discover_cards',
] as const;
export const featureName = z.enum(featureNames);
export type FeatureName = z.infer<typeof featureName>;

export const features = z.record(featureName, z.boolean());
export type Features = z.infer<typeof features>;

export const providerConfigQuery = z.object({ platform: z.literal('react') });

export const providerConfig = z.object({
  is_guest: z.boolean(),
  features,
  /** Comma-separated keyword lists checked against message text. */
  payment_keywords: z.string(),
  global_keywords: z.string(),
  greeting_keywords: z.string(),
  app_keywords: z.string(),
  /** Sign-in's bot check: Turnstile needs its site key in the page; `fake` is for tests. */
  bot_check: z.object({ mode: z.enum(['off', 'fake', 'turnstile']), site_key: z.nullable(z.string()) }),
});
export type ProviderConfig = z.infer<typeof providerConfig>;
