import type { SequencedEvent } from '@cove/contracts';
import type { Db } from '../db/client';
import { eventsAfterEach, type LogRead } from './event-log';

/** Reads a user's logged events after a sequence, in order, at most one page. */
export type EventReader = (userId: string, afterSeq: number) => Promise<SequencedEvent[]>;

/** Events one read returns at most; a socket further behind reads again. */
export const PAGE = 500;
/** Reads one query answers at most. */
const BATCH = 1_000;

interface Waiting extends LogRead {
  resolve: (events: SequencedEvent[]) => void;
  reject: (err: unknown) => void;
  answers: Promise<SequencedEvent[]>;
}

/**
 * Log reads for all the sockets of one instance, batched: reads asked for in one turn of the event
 * loop, or while a query runs, go out together as one query (identical reads, such as two sockets of
 * one user at the same point, once), so a notice for many users costs one query, not one per socket.
 */
export function batchedEventReader(db: Db): EventReader {
  const waiting = new Map<string, Waiting>();
  let busy = false;

  const run = async (): Promise<void> => {
    while (waiting.size > 0) {
      const batch = [...waiting.values()].slice(0, BATCH);
      for (const read of batch) waiting.delete(`${read.userId}:${read.afterSeq}`);
      try {
        const answers = await eventsAfterEach(db, batch, PAGE);
        batch.forEach((read, i) => read.resolve(answers[i] ?? []));
      } catch (err) {
        for (const read of batch) read.reject(err);
      }
    }
    busy = false;
  };

  return (userId, afterSeq) => {
    const key = `${userId}:${afterSeq}`;
    const known = waiting.get(key);
    if (known) return known.answers;
    let resolve!: Waiting['resolve'];
    let reject!: Waiting['reject'];
    const answers = new Promise<SequencedEvent[]>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    waiting.set(key, { userId, afterSeq, resolve, reject, answers });
    if (!busy) {
      busy = true;
      setImmediate(() => void run());
    }
    return answers;
  };
}
