import { asc, inArray } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './client';
import { isTransientConflict } from './errors';
import { users } from './schema';

/** The handle a transaction's work runs on: the database's query methods, scoped to that transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database itself, or a transaction on it: for reads and writes that run either way. */
export type Queryable = Db | Tx;

/** Tries in all: a conflict that survives this many runs is no longer bad luck. */
const ATTEMPTS = 5;
const BASE_DELAY_MS = 10;

/**
 * Runs `work` again when PostgreSQL aborted it for a deadlock or a serialization failure, after a
 * random wait that doubles each time (so the transactions that collided do not collide again in
 * step). `work` must be one whole transaction: a rolled-back run left nothing behind.
 */
export async function retryConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= ATTEMPTS || !isTransientConflict(err)) throw err;
      await sleep(Math.random() * BASE_DELAY_MS * 2 ** attempt);
    }
  }
}

/**
 * One transaction between users, retried on conflicts. It first locks
 * the users' rows in id order, so every such transaction takes its locks in one global order: the
 * users, then what belongs to them (ledger accounts, chat, members, counters, event sequences).
 * Two transactions that share a user queue on that user's row before touching anything else, and
 * cannot hold each other's locks crosswise. `FOR NO KEY UPDATE` leaves foreign-key checks on the
 * rows (`FOR KEY SHARE`) free.
 */
export function transactionBetween<T>(db: Db, userIds: string[], work: (tx: Tx) => Promise<T>): Promise<T> {
  const ids = [...new Set(userIds)];
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, ids))
        .orderBy(asc(users.id))
        .for('no key update');
      return work(tx);
    }),
  );
}
