import type { FeatureName, Features } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { providerSettings, type UserRow, users } from '../db/schema';
import type { Emit } from '../realtime/with-events';
import { effectiveFeatures } from '../provider/provider-config';
import type { Tx } from '../db/transaction';

/**
 * Sets one of the user's feature permissions and sends `provider_features_update` with every feature
 * as it now applies to them (the provider's defaults under their overrides), so the app follows live.
 */
export async function setUserFeature(
  tx: Tx,
  emit: Emit,
  user: UserRow,
  name: FeatureName,
  enabled: boolean,
): Promise<Features> {
  const overrides = { ...user.features, [name]: enabled };
  await tx.update(users).set({ features: overrides }).where(eq(users.id, user.id));
  const [settings] = await tx.select().from(providerSettings);
  const features = effectiveFeatures(settings?.defaultFeatures ?? {}, overrides);
  emit(user.id, { type: 'provider_features_update', features });
  return features;
}
