import type { ProfilePatch } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation } from '@tanstack/react-query';

/**
 * `PATCH /v1/users/profile` with the given fields, then the session read again so the header, banners
 * and this page show the new profile. Each section has its own, so an error shows beside its field.
 */
export function useSaveProfile() {
  const { api, account } = useHost();
  return useMutation({
    mutationFn: async (changes: ProfilePatch) => {
      await api.send('PATCH', '/v1/users/profile', { body: changes });
      // The change is saved; a failed re-read only leaves the session stale until the next one.
      await account.reload().catch(() => undefined);
    },
  });
}
