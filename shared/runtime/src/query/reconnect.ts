import type { ConnectionStatus } from '@cove/contracts';
import { onlineManager, type Query } from '@tanstack/react-query';
import type { Observable } from '@cove/rx';

/**
 * TanStack Query's idea of "online" follows the realtime socket rather than the browser's flag: the
 * socket is what knows the server answers again. Returns the cleanup (the browser's events again).
 */
export function followConnection(connection$: Observable<ConnectionStatus>): () => void {
  onlineManager.setEventListener((setOnline) => {
    const subscription = connection$.subscribe((status) => setOnline(status === 'connected'));
    return () => subscription.unsubscribe();
  });
  return () => onlineManager.setEventListener(browserOnline);
}

/** TanStack's own default listener, put back when the remote unmounts. */
function browserOnline(setOnline: (online: boolean) => void): () => void {
  const on = () => setOnline(true);
  const off = () => setOnline(false);
  window.addEventListener('online', on);
  window.addEventListener('offline', off);
  return () => {
    window.removeEventListener('online', on);
    window.removeEventListener('offline', off);
  };
}

/**
 * When the socket is back, a query whose last read failed reads again, however fresh it was, so a
 * screen opened during an outage leaves its error by itself; others keep their cache (the socket's
 * replay brings what changed).
 */
export const refetchFailedOnReconnect = (query: Query): 'always' | false =>
  query.state.status === 'error' ? 'always' : false;
