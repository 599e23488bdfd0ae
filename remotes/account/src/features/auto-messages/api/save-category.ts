import {
  autoMessageCategoryResponse,
  type AutoMessageCategoryDto,
  type PutAutoMessagesBody,
} from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { warnIncompleteMedia } from '../model/media-check';
import { autoMessagesKey } from './auto-messages';

/** Replaces one category (`PUT /v1/auto-messages`) and keeps the cached list in step with the answer. */
export function useSaveCategory() {
  const { api } = useHost();
  const client = useQueryClient();
  return useCallback(
    async (body: PutAutoMessagesBody): Promise<AutoMessageCategoryDto> => {
      const { data: saved } = await api.put('/v1/auto-messages', body, {
        schema: autoMessageCategoryResponse,
      });
      warnIncompleteMedia([saved]);
      client.setQueryData<AutoMessageCategoryDto[]>(autoMessagesKey, (all) =>
        all?.map((c) => (c.category === saved.category ? saved : c)),
      );
      return saved;
    },
    [api, client],
  );
}
