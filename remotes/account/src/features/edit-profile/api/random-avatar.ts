import { useHost } from '@cove/runtime';
import { useMutation } from '@tanstack/react-query';

/** `PATCH /v1/users/random_avatar`: the server draws an avatar; the session is read again to show it. */
export function useRandomAvatar(onSaved: () => void) {
  const { api, account } = useHost();
  return useMutation({
    mutationFn: async () => {
      await api.send('PATCH', '/v1/users/random_avatar');
      await account.reload().catch(() => undefined);
    },
    onSuccess: onSaved,
  });
}
