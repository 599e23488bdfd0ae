import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as z from '../zod';
import { outcomeOf } from '../db/outcome';
import { rowsOf } from '../db/rows';
import { broadcasts, type BroadcastRow, users } from '../db/schema';
import { retryConflicts, type Tx } from '../db/transaction';
import { type Emit, withEvents, type EventDeps } from '../realtime/with-events';
import { isRestricted } from '../users/user-dto';
import { targetsSql } from './targets';

/** Recipients written per transaction: big enough to be fast, small enough to hold locks briefly. */
export const BATCH_SIZE = 2000;

export interface WriteOptions {
  batchSize?: number;
  /** Called after each committed batch (tests inject a crash here). */
  afterBatch?: (batch: number) => void | Promise<void>;
}

/** While a creator has a broadcast being written, their `is_broadcasting` is true. */
export async function refreshBroadcasting(tx: Tx, creatorId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      isBroadcasting: sql`exists (select 1 from ${broadcasts} b
        where b.creator_id = ${creatorId} and b.status = 'sending')`,
    })
    .where(eq(users.id, creatorId));
}

/** Adds the broadcast's recipients as they are now (all, or the fans online); known ones stay. */
async function resolve(tx: Tx, b: BroadcastRow, onlineOnly: boolean): Promise<void> {
  const targets = targetsSql(
    b.creatorId,
    { category: b.category as never, ids: b.ids, exceptIds: b.exceptIds, listId: b.listId },
    b.type,
    onlineOnly,
  );
  await tx.execute(sql`
    insert into broadcast_recipients (broadcast_id, chat_id, fan_id)
    select ${b.id}, t.chat_id, t.fan_id from (${targets}) t
    on conflict do nothing`);
}

/**
 * A scheduled broadcast starts: the fans online now are its first recipients, so the people looking
 * get it within the first batch (the rest are resolved once those are written), and it becomes
 * `sending`, unless its creator is restricted by now. A broadcast already sending (a retried job) goes on
 * with the recipients it has; any other status (canceled, done) means there is nothing to do.
 */
async function start(db: Db, broadcastId: string): Promise<BroadcastRow | null> {
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)).for('update');
    if (!b || (b.status !== 'scheduled' && b.status !== 'sending')) return null;
    if (b.status === 'scheduled') {
      // A creator restricted since scheduling it reaches no one: it ends canceled, as they can see.
      const [creator] = await tx.select().from(users).where(eq(users.id, b.creatorId));
      if (!creator || isRestricted(creator)) {
        await tx.update(broadcasts).set({ status: 'canceled' }).where(eq(broadcasts.id, b.id));
        return null;
      }
      await resolve(tx, b, true);
      await tx.update(broadcasts).set({ status: 'sending' }).where(eq(broadcasts.id, b.id));
      await refreshBroadcasting(tx, b.creatorId);
    }
    return b;
  });
}

/**
 * Once the first recipients are written, everyone else the broadcast reaches, in one
 * INSERT ... SELECT; nothing when that was done before (by this run or another).
 */
async function resolveRest(db: Db, broadcastId: string): Promise<void> {
  const added = await db.transaction(async (tx) => {
    const [b] = await tx.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)).for('update');
    if (!b || b.status !== 'sending' || b.resolved) return false;
    await resolve(tx, b, false);
    await tx.update(broadcasts).set({ resolved: true }).where(eq(broadcasts.id, b.id));
    return true;
  });
  // The table may now hold far more rows than its statistics know of; the batches' own statements do
  // not depend on them, but other readers of the table (the funnel, the planner's join choices) do.
  if (added) await db.execute(sql`analyze broadcast_recipients`);
}

/**
 * What `broadcast_write_batch` (src/db/functions/broadcasts) answers: how many messages it wrote, the
 * users whose logs it appended to, and `done` once the broadcast is no longer sending (nothing left,
 * or canceled). Every rule of who still gets the broadcast is the function's.
 */
const batchOutcome = z.object({ written: z.number(), done: z.boolean(), user_ids: z.array(z.string()) });

/** One batch in one transaction, then the hub is told. */
export async function writeBatch(
  deps: EventDeps,
  broadcastId: string,
  size: number,
): Promise<z.infer<typeof batchOutcome>> {
  const outcome = outcomeOf(
    await retryConflicts(() =>
      deps.db.execute(sql`select broadcast_write_batch(${broadcastId}, ${size}) as outcome`),
    ),
    batchOutcome,
    'broadcast_write_batch',
  );
  if (outcome.user_ids.length > 0) await deps.realtime.notify([...new Set(outcome.user_ids)]);
  return outcome;
}

/** Tells the creator their broadcast has ended (sent or failed), with how many it reached. */
export async function tellDone(tx: Tx, emit: Emit, b: Pick<BroadcastRow, 'id' | 'creatorId'>): Promise<void> {
  const [counted] = rowsOf<{ sent: number }>(
    await tx.execute(sql`select count(message_id)::int as sent from broadcast_recipients
      where broadcast_id = ${b.id}`),
  );
  emit(b.creatorId, { type: 'broadcast_done', broadcast_id: b.id, sent: counted?.sent ?? 0 });
}

/** The last batch is written: the broadcast is sent, and its creator told how many it reached. */
async function finish(deps: EventDeps, b: BroadcastRow): Promise<void> {
  await withEvents(deps, async (tx, emit) => {
    const [done] = await tx
      .update(broadcasts)
      .set({ status: 'sent', finishedAt: new Date() })
      .where(and(eq(broadcasts.id, b.id), eq(broadcasts.status, 'sending')))
      .returning({ id: broadcasts.id });
    await refreshBroadcasting(tx, b.creatorId);
    if (done) await tellDone(tx, emit, b);
  });
}

/**
 * The job: writes a broadcast's messages batch by batch until every recipient has theirs. Each
 * recipient row gets its message id in the transaction that writes the message, so a crash loses
 * no work and a rerun writes only the rest: nobody gets two.
 */
export async function writeBroadcast(deps: EventDeps, broadcastId: string, opts: WriteOptions = {}) {
  const b = await start(deps.db, broadcastId);
  if (!b) return;
  let batch = 0;
  // Nothing left means done only once every recipient is resolved: the rest are resolved after the
  // first ones are written, and a second run may resolve them while this one looks.
  let resolvedSeen = false;
  for (;;) {
    const outcome = await writeBatch(deps, broadcastId, opts.batchSize ?? BATCH_SIZE);
    if (outcome.done) {
      if (resolvedSeen) break;
      await resolveRest(deps.db, broadcastId);
      resolvedSeen = true;
    } else await opts.afterBatch?.(++batch);
  }
  await finish(deps, b);
}
