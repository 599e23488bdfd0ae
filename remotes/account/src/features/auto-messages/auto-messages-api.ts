import {
  autoMessageCategoryResponse,
  autoMessagesResponse,
  type AutoMessageCategoryDto,
  type ApiClient,
  type PutAutoMessagesBody,
} from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { warnIncompleteMedia } from './media-check';

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

/** Replaces one category (`PUT /v1/auto-messages`) and keeps the cached list in step with the answer. */
export function useSaveCategory() {
  const { api } = useHost();
  const client = useQueryClient();
  return useCallback(
    async (body: PutAutoMessagesBody): Promise<AutoMessageCategoryDto> => {
      const saved = await putCategory(api, body);
      client.setQueryData<AutoMessageCategoryDto[]>(autoMessagesKey, (all) =>
        all?.map((c) => (c.category === saved.category ? saved : c)),
      );
      return saved;
    },
    [api, client],
  );
}

async function putCategory(api: ApiClient, body: PutAutoMessagesBody) {
  const { data } = await api.put('/v1/auto-messages', body, { schema: autoMessageCategoryResponse });
  warnIncompleteMedia([data]);
  return data;
}
