import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Reads of pg-boss's own tables (pg-boss 10's layout) for what its API does not answer: counts by
 * state, the dead letters, and whether a subject still has a live job.
 */
export const BOSS_SCHEMA = 'pgboss';
export const bossTable = (name: 'job' | 'queue') => sql.raw(`${BOSS_SCHEMA}.${name}`);

/** pg-boss's internal queues (its cron hand-off) are no business of support's. */
const internal = sql`q.name not like '\\_\\_pgboss\\_\\_%'`;

export interface QueueCounts {
  name: string;
  created: number;
  retry: number;
  active: number;
  completed: number;
  failed: number;
}

async function installed(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ found: string | null }>(
    await db.execute(sql`select to_regclass(${`${BOSS_SCHEMA}.queue`})::text as found`),
  );
  return Boolean(row?.found);
}

/** Every queue with its jobs by state (finished ones until pg-boss archives them); none before pg-boss first ran. */
export async function queueCounts(db: Db): Promise<QueueCounts[]> {
  if (!(await installed(db))) return [];
  const count = (state: string) =>
    sql.raw(`(count(j.id) filter (where j.state = '${state}'))::int as ${state}`);
  return rowsOf<QueueCounts>(
    await db.execute(sql`
      select q.name, ${count('created')}, ${count('retry')}, ${count('active')}, ${count('completed')}, ${count('failed')}
      from ${bossTable('queue')} q left join ${bossTable('job')} j on j.name = q.name
      where ${internal}
      group by q.name order by q.name`),
  );
}

export interface DeadLetter {
  id: string;
  /** The queue the job failed in. */
  queue: string;
  deadLetter: string;
  data: Record<string, unknown>;
  error: string | null;
  failedAt: Date;
}

interface DeadLetterRecord {
  id: string;
  queue: string;
  dead_letter: string;
  data: Record<string, unknown> | null;
  error: string | null;
  created_on: string | Date;
}

/**
 * Jobs that failed every try and wait in their queue's dead letter, newest first; `id` picks one.
 * pg-boss records the error as `{ message }`, or `{ value: ... }` when a try timed out or was cut short.
 */
export async function deadLetters(db: Db, opts: { id?: string; limit?: number } = {}): Promise<DeadLetter[]> {
  if (!(await installed(db))) return [];
  const rows = rowsOf<DeadLetterRecord>(
    await db.execute(sql`
      select d.id, q.name as queue, d.name as dead_letter, d.data, d.created_on,
        coalesce(d.output->>'message', d.output->'value'->>'message', d.output->>'value') as error
      from ${bossTable('queue')} q join ${bossTable('job')} d on d.name = q.dead_letter and d.state < 'active'
      where ${opts.id ? sql`d.id = ${opts.id}::uuid` : sql`true`}
      order by d.created_on desc limit ${opts.limit ?? 100}`),
  );
  return rows.map((r) => ({
    id: r.id,
    queue: r.queue,
    deadLetter: r.dead_letter,
    data: r.data ?? {},
    error: r.error,
    failedAt: new Date(r.created_on),
  }));
}
