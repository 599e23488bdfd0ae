import { autoMessagesResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';
import { warnIncompleteMedia } from '../model/media-check';

export const autoMessagesKey = ['auto-messages'];

/** Every category as last saved (`GET /v1/auto-messages`). */
export function useAutoMessages() {
  const { api } = useHost();
  return useQuery({
    queryKey: autoMessagesKey,
    queryFn: async ({ signal }) => {
      const { data } = await api.get('/v1/auto-messages', { schema: autoMessagesResponse, signal });
      warnIncompleteMedia(data);
      return data;
    },
  });
}
