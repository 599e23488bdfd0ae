import { broadcastRecipientsResponse, type ApiClient } from '@cove/contracts';
import { useQuery } from '@tanstack/react-query';
import type { AudienceParams } from '../model/audience';

/** `GET /v1/broadcast/recipients`: how many chats the audience reaches right now. */
export function useRecipientCount(api: ApiClient, params: AudienceParams, enabled: boolean) {
  return useQuery({
    queryKey: ['broadcast-recipients', params],
    queryFn: ({ signal }) =>
      api.get('/v1/broadcast/recipients', {
        query: { ...params },
        schema: broadcastRecipientsResponse,
        signal,
      }),
    enabled,
  });
}
