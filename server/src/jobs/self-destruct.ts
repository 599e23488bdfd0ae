import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { withEvents, type EventDeps } from '../realtime/with-events';

/**
 * Removes messages whose self-destruct time has come, a batch at a time, telling both sides of each.
 * SKIP LOCKED lets several server instances sweep at once without taking the same rows. Returns how
 * many messages it removed.
 */
export async function sweepSelfDestructed(deps: EventDeps, now = new Date(), batch = 500): Promise<number> {
  return withEvents(deps, async (tx, emit) => {
    const due = rowsOf<{ id: number; chat_id: string; sender_id: string; recipient_id: string }>(
      await tx.execute(sql`
        update messages set deleted_at = ${now}
        where id in (select id from messages where destruct_at <= ${now} and deleted_at is null
          order by destruct_at limit ${batch} for update skip locked)
        returning id, chat_id, sender_id, recipient_id`),
    );
    due.sort((a, b) => a.id - b.id);
    for (const m of due) {
      const event = { type: 'message_deleted', message_id: String(m.id), chat_id: m.chat_id } as const;
      emit(m.sender_id, event);
      emit(m.recipient_id, event);
    }
    return due.length;
  });
}
