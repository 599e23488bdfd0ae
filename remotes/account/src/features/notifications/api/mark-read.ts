import { notificationsReadResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { applyRead } from './notifications-cache';

/** `POST /v1/notifications/read`: some records or all of them; the cache takes the server's count. */
export function useMarkRead() {
  const { api } = useHost();
  const client = useQueryClient();
  return useCallback(
    async (ids: string[] | 'all'): Promise<void> => {
      const { unread } = await api.post('/v1/notifications/read', ids === 'all' ? { all: true } : { ids }, {
        schema: notificationsReadResponse,
      });
      applyRead(client, unread, ids);
    },
    [api, client],
  );
}
