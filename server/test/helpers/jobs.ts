import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';

export interface JobRecord {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  start_after: string;
  error: string | null;
}

/** The newest pg-boss job of a media (its id is the job's singleton key). */
export async function mediaJob(db: Db, mediaId: string): Promise<JobRecord | undefined> {
  const [row] = rowsOf<JobRecord>(
    await db.execute(sql`
      select id, name, state, retry_count, start_after::text,
        coalesce(output->>'message', output->'value'->>'message') as error
      from pgboss.job where singleton_key = ${mediaId} order by created_on desc limit 1`),
  );
  return row;
}

/** Jobs of a queue, by state. */
export async function jobStates(db: Db, queue: string): Promise<string[]> {
  return rowsOf<{ state: string }>(
    await db.execute(sql`select state from pgboss.job where name = ${queue} order by created_on`),
  ).map((r) => r.state);
}

/** A job waiting out its backoff becomes due now, as if the time had passed. */
export async function dueNow(db: Db, jobId: string): Promise<void> {
  await db.execute(sql`update pgboss.job set start_after = now() where id = ${jobId}::uuid`);
}
