import type { QueryKey } from '@tanstack/react-query';
import { useSession } from '../host/host-context';
import { useRefreshOn } from './live-refresh';

/**
 * Keeps a creator's broadcast funnels live while shown (the broadcast screen's recent list and the
 * stats screen alike): a purchase moves Bought and Revenue, a fan reading a message moves Viewed, a
 * broadcast done moves Sent. The server counts them, and any purchase or read may be a broadcast's,
 * so each reads the list under `queryKey` again (`refreshLive`); the creator's own reads do not.
 */
export function useLiveBroadcastStats(queryKey: QueryKey): void {
  const myId = useSession().user?._id;
  useRefreshOn(queryKey, ['message_paid', 'message_read', 'broadcast_done'], (e) =>
    e.type === 'message_read' ? e.reader_id !== myId : true,
  );
}
