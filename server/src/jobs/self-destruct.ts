import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { appendEvent } from '../realtime/event-log';

/**
 * Removes messages whose self-destruct time has come, a batch at a time. SKIP LOCKED lets several
 * server instances sweep at once without taking the same rows. Returns the users to notify.
 */
export async function sweepSelfDestructed(db: Db, now = new Date(), batch = 500): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = rowsOf<{ id: number; chat_id: string; sender_id: string; recipient_id: string }>(
      await tx.execute(sql`
        update messages set deleted_at = ${now}
        where id in (select id from messages where destruct_at <= ${now} and deleted_at is null
          order by destruct_at limit ${batch} for update skip locked)
        returning id, chat_id, sender_id, recipient_id`),
    );
    const touched = new Set<string>();
    const events = due.flatMap((m) => [m.sender_id, m.recipient_id].map((userId) => ({ userId, m })));
    events.sort((a, b) => a.userId.localeCompare(b.userId) || a.m.id - b.m.id);
    for (const { userId, m } of events) {
      await appendEvent(tx, userId, {
        type: 'message_deleted',
        message_id: String(m.id),
        chat_id: m.chat_id,
      });
      touched.add(userId);
    }
    return [...touched];
  });
}
