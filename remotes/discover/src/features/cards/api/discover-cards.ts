import { discoverCardsResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

/** `GET /v1/discover/cards`: the suggested creators, read once while the fan may see them. */
export function useDiscoverCards(enabled: boolean) {
  const { api } = useHost();
  return useQuery({
    queryKey: ['discover-cards'],
    queryFn: ({ signal }) => api.get('/v1/discover/cards', { schema: discoverCardsResponse, signal }),
    enabled,
    staleTime: Infinity,
  });
}
