import type { ShellOutbox, OwnedBus } from '@cove/runtime/shell';
import type { ShellHost } from '../services/shell-context';

/**
 * Runs the signed-in person's outbox for as long as they are signed in, whichever page is open, so
 * what waits goes when the connection returns anywhere in the app (docs/rules.md, Offline).
 */
export function keepOutboxOpen(
  outbox: ShellOutbox,
  host: Pick<ShellHost, 'session'>,
  bus: OwnedBus,
): () => void {
  let userId: string | null = null;
  let close: (() => void) | null = null;
  const follow = () => {
    const id = host.session.status === 'signed-in' ? (host.session.user?._id ?? null) : null;
    if (id === userId) return;
    close?.();
    userId = id;
    close = id ? outbox.open(id) : null;
  };
  follow();
  const changes = bus.shell$.subscribe((e) => {
    if (e.type === 'session.changed') follow();
  });
  return () => {
    changes.unsubscribe();
    close?.();
  };
}
