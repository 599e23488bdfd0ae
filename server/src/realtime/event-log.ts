import type { LoggedEvent, SequencedEvent } from '@cove/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { userEventSeqs, userEvents } from '../db/schema';
import type { Tx } from '../db/transaction';

/**
 * Appends an event to the user's log with the next sequence number and returns it as sockets receive
 * it. The upsert on `user_event_seqs` takes that row's lock, so concurrent appends for one user are
 * numbered one after another with no gaps, and commit order equals sequence order. It must run inside
 * a transaction (ideally the one that made the change): split across two autocommits, a reader could
 * see seq 6 before 5 exists.
 */
export async function appendEvent(db: Tx, userId: string, event: LoggedEvent): Promise<SequencedEvent> {
  const { type, ...payload } = event;
  const [row] = rowsOf<{ seq: string | number; created_at: Date | string }>(
    await db.execute(sql`
      with next as (
        insert into ${userEventSeqs} (user_id, last_seq) values (${userId}, 1)
        on conflict (user_id) do update set last_seq = ${userEventSeqs}.last_seq + 1
        returning last_seq
      )
      insert into ${userEvents} (user_id, seq, type, payload)
      select ${userId}, last_seq, ${type}, ${JSON.stringify(payload)}::jsonb from next
      returning seq, created_at`),
  );
  if (!row) throw new Error('event append returned nothing');
  return { ...event, seq: Number(row.seq), created_at: new Date(row.created_at).toISOString() };
}

export async function lastSeqOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ seq: userEventSeqs.lastSeq })
    .from(userEventSeqs)
    .where(eq(userEventSeqs.userId, userId));
  return row?.seq ?? 0;
}

/** One socket's read of the log: a user's events after a sequence. */
export interface LogRead {
  userId: string;
  afterSeq: number;
}

/**
 * Events after each read's sequence, at most `limit` per read, in order: one query for any number of
 * reads (each an index range on the log's primary key), answered in the order of `reads`.
 */
export async function eventsAfterEach(db: Db, reads: LogRead[], limit: number): Promise<SequencedEvent[][]> {
  const wanted = JSON.stringify(reads.map((r, i) => ({ i, user_id: r.userId, after_seq: r.afterSeq })));
  const rows = rowsOf<{
    i: number;
    type: string;
    payload: object;
    seq: string | number;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      select r.i, e.type, e.payload, e.seq, e.created_at
      from jsonb_to_recordset(${wanted}::jsonb) as r(i int, user_id uuid, after_seq bigint)
      cross join lateral (
        select type, payload, seq, created_at from ${userEvents}
        where user_id = r.user_id and seq > r.after_seq
        order by seq limit ${limit}
      ) e
      order by r.i, e.seq`),
  );
  const answers = reads.map((): SequencedEvent[] => []);
  for (const row of rows) {
    answers[row.i]?.push({
      ...row.payload,
      type: row.type,
      seq: Number(row.seq),
      created_at: new Date(row.created_at).toISOString(),
    } as SequencedEvent);
  }
  return answers;
}

/** The oldest event still kept for a user (pruning removes older ones); null when none is. */
export async function firstKeptSeq(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: userEvents.seq })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(asc(userEvents.seq))
    .limit(1);
  return row?.seq ?? null;
}
