import { and, eq, isNotNull } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import * as z from '../zod';
import type { Db } from '../db/client';
import { media, type MediaRow } from '../db/schema';
import { bossDb } from '../jobs/boss-db';
import type { DeadLetter } from '../jobs/job-tables';
import { sendMediaJob } from './job-lanes';

const jobData = z.object({ mediaId: z.uuid(), expireInSeconds: z.int().check(z.positive()) });

/**
 * Queues a dead-lettered media job again with fresh tries, once its cause is fixed: the media goes
 * back to processing (it kept its original when its tries ran out) and the job leaves the dead letter,
 * in one transaction with `record` (the support action's log). Null when the media cannot be processed
 * again: it was erased since, or has no original left.
 */
export async function retryMediaJob(
  db: Db,
  boss: PgBoss,
  letter: DeadLetter,
  record: (tx: Db, media: MediaRow) => Promise<void>,
): Promise<MediaRow | null> {
  const data = jobData.safeParse(letter.data);
  if (!data.success) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(media)
      .set({ status: 'processing', error: null })
      .where(and(eq(media.id, data.data.mediaId), eq(media.status, 'failed'), isNotNull(media.originalKey)))
      .returning();
    if (!row) return null;
    await sendMediaJob(boss, row.kind, data.data, tx);
    await boss.deleteJob(letter.deadLetter, letter.id, { db: bossDb(tx) });
    await record(tx, row);
    return row;
  });
}
