import { broadcastsPage, type Broadcast } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { offsetPages, useLiveBroadcastStats, usePagedList } from '@cove/runtime/query';

const broadcastsKey = ['broadcasts'] as const;

/** `GET /v1/broadcast`: each broadcast with how far it got, newest first, page by page, live while shown. */
export function useBroadcasts() {
  const { api } = useHost();
  useLiveBroadcastStats(broadcastsKey);
  return usePagedList<Broadcast>({
    queryKey: broadcastsKey,
    fetchPage: offsetPages(api, '/v1/broadcast', broadcastsPage),
    itemKey: (b) => b._id,
  });
}
