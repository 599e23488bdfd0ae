import type { SequencedEvent } from '@cove/contracts';
import type { SQL } from 'drizzle-orm';
import * as z from '../zod';
import type { Db } from '../db/client';
import { outcomeOf } from '../db/outcome';
import { retryConflicts, type Tx } from '../db/transaction';
import type { AppendedEvent, EventNotifier } from '../realtime/with-events';
import { isBalanceTooLow, notEnoughCredits } from './charges';

/** An event as the `append_events` database function returns it (src/db/functions/events). */
export const loggedRow = z.object({
  user_id: z.string(),
  seq: z.number(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type LoggedRow = z.infer<typeof loggedRow>;

/** A message row as `to_jsonb` writes it (read with message-dto.ts `messageFromJson`). */
export const messageJson = z.record(z.string(), z.unknown());

/** A change made: the row it wrote, the balance after it and the events it logged. */
export const createdOutcome = z.object({
  status: z.literal('created'),
  message: messageJson,
  credits: z.number(),
  events: z.array(loggedRow),
});

/** A retry of a change made before (the same send id): the row it wrote and the balance now. */
export const storedOutcome = z.object({
  status: z.literal('stored'),
  message: messageJson,
  credits: z.number(),
});

/** The refusal every charging function answers when the balance is short, with the balance. */
export const shortOfCredits = z.object({
  status: z.literal('refused'),
  code: z.literal('not_enough_credits'),
  credits: z.number(),
});

/**
 * The answer of one database function that does a whole change between a fan and a creator
 * (`select f(...) as outcome`), run again after a deadlock or serialization failure. `within` runs in
 * the same transaction after the call, given its answer, and commits with it (a purchase's trigger).
 */
export async function callBetween<T extends z.ZodMiniType>(
  db: Db,
  fanId: string,
  query: SQL,
  outcome: T,
  name: string,
  within?: (tx: Tx, answer: z.infer<T>) => Promise<void>,
): Promise<z.infer<T>> {
  const call = within
    ? () =>
        db.transaction(async (tx) => {
          const answer = outcomeOf(await tx.execute(query), outcome, name);
          await within(tx, answer);
          return answer;
        })
    : async () => outcomeOf(await db.execute(query), outcome, name);
  try {
    return await retryConflicts(call);
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
