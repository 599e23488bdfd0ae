import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { broadcasts, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import type { EventDeps } from '../realtime/with-events';
import { broadcastOf } from './list-broadcasts';
import { refreshBroadcasting } from './write-broadcast';
import type { Tx } from '../db/transaction';
import type { ErrorCode } from '@cove/contracts';

/** What canceling a broadcast may be refused with. */
export const cancelBroadcastCodes = [
  'not_found',
  'broadcast_started',
] as const satisfies readonly ErrorCode[];

/** What unsending a broadcast may be refused with. */
export const unsendBroadcastCodes = ['not_found'] as const satisfies readonly ErrorCode[];

/** The caller's own broadcast, locked until the transaction ends; anyone else's is not found. */
async function ownLocked(tx: Tx, me: UserRow, id: string) {
  if (!isUuid(id)) throw fail('not_found');
  const [b] = await tx
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, id), eq(broadcasts.creatorId, me.id)))
    .for('update');
  if (!b) throw fail('not_found');
  return b;
}

async function answer(db: Db, me: UserRow, id: string) {
  const b = await broadcastOf(db, me.id, id);
  if (!b) throw fail('not_found');
  return { data: b };
}

/**
 * Cancels a scheduled broadcast. Its job still comes due at `send_at`, finds it canceled and ends;
 * once the writing has started it is too late (409), and canceling twice answers the same.
 */
export async function cancelBroadcast(db: Db, me: UserRow, id: string) {
  await db.transaction(async (tx) => {
    const b = await ownLocked(tx, me, id);
    if (b.status === 'canceled') return;
    if (b.status !== 'scheduled') throw fail('broadcast_started');
    await tx.update(broadcasts).set({ status: 'canceled' }).where(eq(broadcasts.id, b.id));
  });
  return answer(db, me, id);
}

/**
 * Unsends a broadcast: every recipient's copy goes (as a sender's delete does, with a
 * `message_deleted` event to both), but for those who bought it, who keep theirs. A broadcast still
 * being written stops at its next batch (the writer only writes `sending` ones, and takes the same
 * row lock); one still scheduled is canceled; a failed one is unsent as a sent one is, from the
 * recipients it reached.
 */
export async function unsendBroadcast(deps: EventDeps, me: UserRow, id: string) {
  const notified = await deps.db.transaction(async (tx) => {
    const b = await ownLocked(tx, me, id);
    if (b.status === 'scheduled' || b.status === 'canceled') {
      await tx.update(broadcasts).set({ status: 'canceled' }).where(eq(broadcasts.id, b.id));
      return [];
    }
    await tx.update(broadcasts).set({ status: 'unsent' }).where(eq(broadcasts.id, b.id));
    await refreshBroadcasting(tx, me.id);
    const rows = rowsOf<{ user_ids: string[] | null }>(
      await tx.execute(sql`
        with gone as (
          update messages m set deleted_at = now()
          from broadcast_recipients r
          where r.broadcast_id = ${b.id} and m.id = r.message_id and m.deleted_at is null
            and not exists (select 1 from purchases p where p.message_id = m.id)
          returning m.id, m.chat_id, m.sender_id, m.recipient_id
        ), events as (
          select g.recipient_id as user_id, g.id, g.chat_id from gone g
          union all select g.sender_id, g.id, g.chat_id from gone g
        ), appended as (
          select append_user_events(array_agg(user_id order by user_id, id),
            array_agg('message_deleted'::text order by user_id, id),
            array_agg(jsonb_build_object('message_id', id::text, 'chat_id', chat_id) order by user_id, id))
          from events
        )
        select (select array_agg(distinct user_id) from events) as user_ids from appended`),
    );
    return rows[0]?.user_ids ?? [];
  });
  if (notified.length > 0) await deps.realtime.notify(notified);
  return answer(deps.db, me, id);
}
