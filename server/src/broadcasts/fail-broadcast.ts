import { and, eq, inArray, sql } from 'drizzle-orm';
import { broadcasts } from '../db/schema';
import { withEvents, type EventDeps } from '../realtime/with-events';
import { refreshBroadcasting, tellDone } from './write-broadcast';

/**
 * Errors a broadcast's writing may throw before it is given up (docs/rules.md, Broadcasts: Failed).
 * A bug or a violated constraint throws the same every time; a few tries, minutes apart with the
 * queue's backoff, still ride out a passing fault.
 */
export const FAILURE_LIMIT = 5;

/**
 * The writing of a broadcast threw: counts the error on its row and, at the limit, gives it up: it is
 * `failed` (the recipients written keep their message, the rest get none), its creator's
 * `is_broadcasting` falls and they get `broadcast_done` with what was written. Answers what the job
 * does next: `retry` (under the limit), or end, the broadcast `failed` now or already `over` (canceled,
 * unsent or done meanwhile). Only thrown errors come here: a killed process throws nothing, and the
 * tries its crashes cost are not counted.
 */
export async function countFailure(
  deps: EventDeps,
  broadcastId: string,
): Promise<'retry' | 'failed' | 'over'> {
  return withEvents(deps, async (tx, emit) => {
    // A due scheduled one counts too: its start (resolving the recipients) may be what throws.
    const [b] = await tx
      .update(broadcasts)
      .set({ failures: sql`${broadcasts.failures} + 1` })
      .where(and(eq(broadcasts.id, broadcastId), inArray(broadcasts.status, ['scheduled', 'sending'])))
      .returning({ id: broadcasts.id, creatorId: broadcasts.creatorId, failures: broadcasts.failures });
    if (!b) return 'over';
    if (b.failures < FAILURE_LIMIT) return 'retry';
    await tx
      .update(broadcasts)
      .set({ status: 'failed', finishedAt: new Date() })
      .where(eq(broadcasts.id, b.id));
    await refreshBroadcasting(tx, b.creatorId);
    await tellDone(tx, emit, b);
    return 'failed';
  });
}
