import { followResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation } from '@tanstack/react-query';

/** `PATCH /v1/users/{id}/follow` from a card: its answer says whether the fan now follows. */
export function useFollowCreator(creatorId: string) {
  const { api } = useHost();
  return useMutation({
    mutationFn: () =>
      api.patch(`/v1/users/${encodeURIComponent(creatorId)}/follow`, undefined, { schema: followResponse }),
  });
}
