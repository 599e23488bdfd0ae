import { chatResponse, type ApiClient } from '@cove/contracts';
import { isApiError } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

export const chatKey = (otherUserId: string) => ['chat', otherUserId] as const;

/**
 * The chat with one person (`GET /v1/chat`, which also puts it back on the list); when there is none
 * yet it is created (`POST /v1/chat`), and the server decides whether that is allowed.
 */
export function useChat(api: ApiClient, otherUserId: string) {
  return useQuery({
    queryKey: chatKey(otherUserId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/v1/chat', {
          query: { recipient_id: otherUserId },
          schema: chatResponse,
          signal,
        });
      } catch (err) {
        if (!isApiError(err) || err.code !== 'not_found') throw err;
        return api.post('/v1/chat', { recipient_id: otherUserId }, { schema: chatResponse, signal });
      }
    },
  });
}
