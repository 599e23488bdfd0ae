import { useSession } from '@cove/runtime';

/** Creators with the provider's `broadcast` feature (docs/rules.md "Broadcasts": others get 403). */
export function useCanBroadcast(): boolean {
  const session = useSession();
  return session.user?.type === 'featured' && session.config?.features.broadcast === true;
}
