import { broadcastsPage, type Broadcast } from '@cove/contracts';
import { useHost, useSession } from '@cove/runtime';
import { offsetPages, usePagedList, useRefreshOn } from '@cove/runtime/query';

const broadcastsKey = ['broadcasts'] as const;

/**
 * `GET /v1/broadcast`: each broadcast with how far it got, newest first, page by page. Live while
 * shown: a fan buying a message (Bought, Revenue) or reading one (Viewed), and a broadcast done
 * (Sent), read the stats again; the server counts them, so any purchase or read may be a broadcast's.
 */
export function useBroadcasts() {
  const { api } = useHost();
  const myId = useSession().user?._id;
  useRefreshOn(broadcastsKey, ['message_paid', 'message_read', 'broadcast_done'], (e) =>
    e.type === 'message_read' ? e.reader_id !== myId : true,
  );
  return usePagedList<Broadcast>({
    queryKey: broadcastsKey,
    fetchPage: offsetPages(api, '/v1/broadcast', broadcastsPage),
    itemKey: (b) => b._id,
  });
}
