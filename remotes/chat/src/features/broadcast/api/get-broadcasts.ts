import { broadcastsPage, type ApiClient, type Broadcast } from '@cove/contracts';
import { pagedItems, useLiveBroadcastStats, usePagedList, type Paged } from '@cove/runtime/query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** The spec's page size for broadcast lists. */
const pageSize = 20;

export const broadcastsKey = ['broadcasts'] as const;

/** The creator's broadcasts, newest first, with their funnels (`GET /v1/broadcast`), live while shown. */
export function useBroadcasts(api: ApiClient) {
  useLiveBroadcastStats(broadcastsKey);
  return usePagedList<Broadcast>({
    queryKey: broadcastsKey,
    fetchPage: (url, signal) =>
      api.get(url ?? '/v1/broadcast', {
        query: url ? {} : { limit: pageSize, offset: 0 },
        schema: broadcastsPage,
        signal,
      }),
    itemKey: (b) => b._id,
  });
}

/**
 * A broadcast no longer being written, as the list reads once refreshed (how it ended: sent or
 * failed); `null` asks for the newest. Undefined when the list does not show it.
 */
export async function endedBroadcast(client: QueryClient, id: string | null): Promise<Broadcast | undefined> {
  await client.invalidateQueries({ queryKey: broadcastsKey });
  const items = pagedItems(
    client.getQueryData<InfiniteData<Paged<Broadcast>>>(broadcastsKey),
    (b: Broadcast) => b._id,
  );
  return id === null ? items[0] : items.find((b) => b._id === id);
}
