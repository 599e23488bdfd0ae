import { broadcastsPage, type Broadcast } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { offsetPages, usePagedList } from '@cove/runtime/query';

/** `GET /v1/broadcast`: each broadcast with how far it got, newest first, page by page. */
export function useBroadcasts() {
  const { api } = useHost();
  return usePagedList<Broadcast>({
    queryKey: ['broadcasts'],
    fetchPage: offsetPages(api, '/v1/broadcast', broadcastsPage),
    itemKey: (b) => b._id,
  });
}
