import type { SavedCard } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedCardsKey } from '../../../common/saved-cards';

/** `DELETE /v1/cc`: forgets a saved card, gone from the list at once and read again after. */
export function useDeleteCard() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: SavedCard) => api.send('DELETE', '/v1/cc', { body: { id: card.id } }),
    onSuccess: (_, card) => {
      client.setQueryData<{ data: SavedCard[] }>(savedCardsKey, (old) =>
        old ? { data: old.data.filter((c) => c.id !== card.id) } : old,
      );
      void client.invalidateQueries({ queryKey: savedCardsKey });
    },
  });
}
