import { type Features, featureNames, type ProviderConfig } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { providerSettings, type UserRow } from '../db/schema';

/** The provider's defaults overlaid with the user's own feature permissions. */
export function effectiveFeatures(
  defaults: Record<string, boolean>,
  overrides: Record<string, boolean>,
): Features {
  return Object.fromEntries(
    featureNames.map((name) => [name, overrides[name] ?? defaults[name] ?? false]),
  ) as Features;
}

export async function providerConfigFor(
  db: Db,
  user: UserRow | null,
  botCheck: Config['botCheck'] = { mode: 'off' },
): Promise<ProviderConfig> {
  const [settings] = await db.select().from(providerSettings).where(eq(providerSettings.id, 1));
  if (!settings) throw new Error('provider_settings row is missing; migrations did not run');
  return {
    is_guest: user === null,
    features: effectiveFeatures(settings.defaultFeatures, user?.features ?? {}),
    payment_keywords: settings.paymentKeywords,
    global_keywords: settings.globalKeywords,
    greeting_keywords: settings.greetingKeywords,
    app_keywords: settings.appKeywords,
    bot_check: {
      mode: botCheck.mode,
      site_key: botCheck.mode === 'turnstile' ? (botCheck.siteKey ?? null) : null,
    },
  };
}
