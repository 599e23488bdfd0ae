import { publicCreatorEnvelope } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

export const publicCreatorKey = (username: string) => ['public-creator', username.toLowerCase()] as const;

/** `GET /v1/public/creators/{username}`: what anyone may see of a creator, signed in or not. */
export function usePublicCreator(username: string, enabled: boolean) {
  const { api } = useHost();
  return useQuery({
    queryKey: publicCreatorKey(username),
    queryFn: ({ signal }) =>
      api
        .get(`/v1/public/creators/${encodeURIComponent(username)}`, { schema: publicCreatorEnvelope, signal })
        .then((answer) => answer.data),
    enabled,
  });
}
