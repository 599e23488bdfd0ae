import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { bossTable } from '../jobs/job-tables';
import { type BroadcastJobData, broadcastQueue } from './queue';

/**
 * At start: every broadcast that should be being written (`sending`, or `scheduled` and due) and has
 * no job waiting to run it gets a new job. A job a killed worker had taken stays `active` until
 * pg-boss expires it (the queue's hour), whether the kill came before the row turned `sending` or
 * during the writing, so the resume does not wait for that expiry. The old job may belong to another
 * instance that is alive: the writer is idempotent (write-broadcast.ts), so the two take turns and
 * nobody gets two copies; the expired one later finds the broadcast done. A job waiting (`created`,
 * or `retry` out its backoff after an error) is left to run: one due later is not started early,
 * and an error's backoff is kept. Answers the broadcasts resumed.
 */
export async function resumeBroadcasts(db: Db, boss: PgBoss): Promise<string[]> {
  const left = rowsOf<{ id: string }>(
    await db.execute(sql`
      select b.id from broadcasts b
      where (b.status = 'sending' or (b.status = 'scheduled' and b.send_at <= now()))
        and not exists (select 1 from ${bossTable('job')} j
          where j.name = ${broadcastQueue.name} and j.data->>'broadcastId' = b.id::text
            and j.state in ('created', 'retry'))`),
  );
  for (const { id } of left) {
    const data: BroadcastJobData = { broadcastId: id };
    await boss.send(broadcastQueue.name, data);
  }
  return left.map((b) => b.id);
}
