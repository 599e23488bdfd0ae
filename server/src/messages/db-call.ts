import type { SequencedEvent } from '@cove/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { retryConflicts } from '../db/transaction';
import type { AppendedEvent, EventNotifier } from '../realtime/with-events';
import { isBalanceTooLow, notEnoughCredits } from './charges';

/** An event as the `append_events` function of migration 0010 returns it. */
export interface LoggedRow {
  user_id: string;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  created_at: string;
}

/**
 * The answer of one database function that does a whole change between a fan and a creator
 * (`select f(...) as outcome`, one transaction), run again after a deadlock or serialization failure.
 */
export async function callBetween<T>(db: Db, fanId: string, query: SQL): Promise<T> {
  try {
    const [row] = rowsOf<{ outcome: T }>(await retryConflicts(() => db.execute(query)));
    if (!row) throw new Error('the database function answered nothing');
    return row.outcome;
  } catch (err) {
    // A charge that raced past the balance check (a debit that took no user lock): the CHECK refused it.
    if (isBalanceTooLow(err)) throw await notEnoughCredits(db, fanId);
    throw err;
  }
}

/** Committed events go to the hub with the notice, so it need not read them back. */
export async function notifyLogged(realtime: EventNotifier, rows: LoggedRow[]): Promise<void> {
  const appended: AppendedEvent[] = rows.map((e) => ({
    userId: e.user_id,
    event: { ...e.payload, type: e.type, seq: e.seq, created_at: e.created_at } as SequencedEvent,
  }));
  if (appended.length > 0) await realtime.notify([...new Set(appended.map((a) => a.userId))], appended);
}
