import type { LoggedEvent } from '@cove/contracts';
import type { Db } from '../db/client';
import { transactionBetween } from '../db/transaction';
import { appendEvent, type Tx } from './event-log';

/** Tells every instance that users have new events in their logs (the hub, or the admin CLI's relay). */
export interface EventNotifier {
  notify(userIds: string[]): Promise<void>;
}

/** Queues an event for a user; it is written when the transaction's work is done. */
export type Emit = (userId: string, event: LoggedEvent) => void;

export interface EventDeps {
  db: Db;
  realtime: EventNotifier;
}

export interface EventOptions {
  /** Run through `transactionBetween`: these users' rows locked in id order first, conflicts retried. */
  between?: string[];
}

/**
 * One unit of work that produces events. `work` queues them with `emit`; they are appended at the
 * end of the same transaction, user by user in id order (each user's in the order queued), so every
 * transaction takes event-sequence locks in one global order. The users are notified only once the
 * transaction has committed, and always then: a rolled-back change tells no one, and no caller can
 * forget the notice (which would leave the event waiting for the next beat).
 */
export async function withEvents<T>(
  { db, realtime }: EventDeps,
  work: (tx: Tx, emit: Emit) => Promise<T>,
  { between }: EventOptions = {},
): Promise<T> {
  let touched: string[] = [];
  const body = async (tx: Tx): Promise<T> => {
    // Per attempt: a retried transaction starts with nothing queued.
    const queued: [string, LoggedEvent][] = [];
    const result = await work(tx, (userId, event) => void queued.push([userId, event]));
    // Array sort is stable, so one user's events keep their order.
    queued.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [userId, event] of queued) await appendEvent(tx, userId, event);
    touched = [...new Set(queued.map(([userId]) => userId))];
    return result;
  };
  const result = between ? await transactionBetween(db, between, body) : await db.transaction(body);
  if (touched.length > 0) await realtime.notify(touched);
  return result;
}
