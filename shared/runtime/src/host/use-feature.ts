import type { FeatureName } from '@cove/contracts';
import { useSession } from './host-context';

/**
 * Whether the signed-in person has a feature permission as it applies to them now (the provider's
 * defaults under their own), following `provider_features_update` live; `fallback` until the provider
 * config has loaded (true for what is on by default, so it does not flicker away).
 */
export function useFeature(name: FeatureName, fallback = false): boolean {
  return useSession().config?.features[name] ?? fallback;
}
