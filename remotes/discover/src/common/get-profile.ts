import { profileEnvelope } from '@cove/contracts';
import type { HostContext } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const profileKey = (creatorId: string) => ['profile', creatorId] as const;

/** `GET /v1/users/{id}/profile`, as a query any screen can read or make sure of. */
export const profileQuery = (api: HostContext['api'], creatorId: string) =>
  queryOptions({
    queryKey: profileKey(creatorId),
    queryFn: ({ signal }) =>
      api
        .get(`/v1/users/${encodeURIComponent(creatorId)}/profile`, { schema: profileEnvelope, signal })
        .then((answer) => answer.data),
  });

/** The creator's profile, once `enabled`. */
export function useProfile(creatorId: string, enabled: boolean) {
  const { api } = useHost();
  return useQuery({ ...profileQuery(api, creatorId), enabled });
}
