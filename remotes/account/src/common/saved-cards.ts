import { savedCardsResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

export const savedCardsKey = ['saved-cards'];

/** `GET /v1/cc`: the cards kept for paying. */
export function useSavedCards() {
  const { api } = useHost();
  return useQuery({
    queryKey: savedCardsKey,
    queryFn: ({ signal }) => api.get('/v1/cc', { schema: savedCardsResponse, signal }),
  });
}
