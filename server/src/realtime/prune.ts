import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { userEventSeqs, userEvents } from '../db/schema';
import type { EventLogLimits } from './settings';

/** Rows deleted per statement, so pruning a large backlog never holds long locks. */
const BATCH = 5_000;

/**
 * Deletes logged events older than `maxAgeMs` and, per user, all but the last `maxPerUser`; answers
 * how many went. The sequence rows stay, so numbering goes on. A client resuming from before what is
 * kept gets a fresh `init` (see hub.ts). Safe to run on several instances at once.
 */
export async function pruneEventLog(db: Db, now: Date, limits: EventLogLimits): Promise<number> {
  const cutoff = new Date(now.getTime() - limits.maxAgeMs);
  const tooOld = sql`
    select ctid from ${userEvents} where ${userEvents.createdAt} < ${cutoff.toISOString()} limit ${BATCH}`;
  const beyondCap = sql`
    select e.ctid from ${userEventSeqs} s
      join ${userEvents} e on e.user_id = s.user_id and e.seq <= s.last_seq - ${limits.maxPerUser}
    where s.last_seq > ${limits.maxPerUser}
    limit ${BATCH}`;
  let deleted = 0;
  for (const batch of [tooOld, beyondCap]) {
    for (;;) {
      const rows = rowsOf<{ n: string | number }>(
        await db.execute(sql`
          with gone as (delete from ${userEvents} where ctid = any(array(${batch})) returning 1)
          select count(*) as n from gone`),
      );
      const n = Number(rows[0]?.n ?? 0);
      deleted += n;
      if (n < BATCH) break;
    }
  }
  return deleted;
}
