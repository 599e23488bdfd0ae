import { chatTotals, type ApiClient } from '@cove/contracts';
import { useQuery } from '@tanstack/react-query';

export const chatTotalsKey = ['chat-totals'] as const;

/** Chat totals per tab (`GET /v1/chats/total`): creators only (the spec loads them for featured users). */
export function useChatTotals(api: ApiClient, enabled: boolean) {
  return useQuery({
    queryKey: chatTotalsKey,
    queryFn: ({ signal }) => api.get('/v1/chats/total', { schema: chatTotals, signal }),
    enabled,
  });
}
