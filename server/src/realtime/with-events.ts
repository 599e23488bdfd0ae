import type { LoggedEvent, SequencedEvent } from '@cove/contracts';
import type { Db } from '../db/client';
import { transactionBetween, type Tx } from '../db/transaction';
import { appendEvent } from './event-log';

/** An event as committed to a user's log. */
export interface AppendedEvent {
  userId: string;
  event: SequencedEvent;
}

/**
 * Tells every instance that users have new events in their logs (the hub, or the admin CLI's relay).
 * `events`, when given, are the committed events themselves, so a socket already up to date is sent
 * them without reading the log; without them (or for a socket that is behind) the log is read.
 */
export interface EventNotifier {
  notify(userIds: string[], events?: AppendedEvent[]): Promise<void>;
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
 * forget the notice (which would leave the event waiting for the next beat). The notice carries the
 * committed events.
 */
export async function withEvents<T>(
  { db, realtime }: EventDeps,
  work: (tx: Tx, emit: Emit) => Promise<T>,
  { between }: EventOptions = {},
): Promise<T> {
  let appended: AppendedEvent[] = [];
  const body = async (tx: Tx): Promise<T> => {
    // Per attempt: a retried transaction starts with nothing queued.
    const queued: [string, LoggedEvent][] = [];
    const result = await work(tx, (userId, event) => void queued.push([userId, event]));
    // Array sort is stable, so one user's events keep their order.
    queued.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    appended = [];
    for (const [userId, event] of queued)
      appended.push({ userId, event: await appendEvent(tx, userId, event) });
    return result;
  };
  const result = between ? await transactionBetween(db, between, body) : await db.transaction(body);
  if (appended.length > 0) {
    await realtime.notify([...new Set(appended.map((a) => a.userId))], appended);
  }
  return result;
}
