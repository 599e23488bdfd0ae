import { profileEnvelope } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

export const profileKey = (creatorId: string) => ['profile', creatorId] as const;

/** `GET /v1/users/{id}/profile`. */
export function useProfile(creatorId: string, enabled: boolean) {
  const { api } = useHost();
  return useQuery({
    enabled,
    queryKey: profileKey(creatorId),
    queryFn: ({ signal }) =>
      api
        .get(`/v1/users/${encodeURIComponent(creatorId)}/profile`, { schema: profileEnvelope, signal })
        .then((answer) => answer.data),
  });
}
