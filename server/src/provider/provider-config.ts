import { type FeatureName, type Features, featureNames, type ProviderConfig } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { fail } from '../errors';
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

type Settings = typeof providerSettings.$inferSelect;

/** How long the provider's settings are reused; staff changes reach everyone within this. */
export const SETTINGS_TTL_MS = 10_000;
const cache = new WeakMap<Db, { settings: Settings; until: number }>();

/** The single settings row, read at most once per 10 s per database: every send consults it. */
async function settingsOf(db: Db): Promise<Settings> {
  const hit = cache.get(db);
  if (hit && hit.until > Date.now()) return hit.settings;
  const [settings] = await db.select().from(providerSettings).where(eq(providerSettings.id, 1));
  if (!settings) throw new Error('provider_settings row is missing; migrations did not run');
  cache.set(db, { settings, until: Date.now() + SETTINGS_TTL_MS });
  return settings;
}

export async function providerConfigFor(
  db: Db,
  user: UserRow | null,
  botCheck: Config['botCheck'] = { mode: 'off' },
): Promise<ProviderConfig> {
  const settings = await settingsOf(db);
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

/** Refuses with 403 'Forbidden' what a feature permission the user lacks would open (docs/rules.md, Features). */
export async function assertFeature(db: Db, user: UserRow, name: FeatureName): Promise<void> {
  const { features } = await providerConfigFor(db, user);
  if (!features[name]) throw fail('forbidden');
}
