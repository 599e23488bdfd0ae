import type { MediaKind } from '@cove/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { type MediaJobRow, mediaJobs } from '../db/schema';

interface JobRecord {
  id: number | string;
  media_id: string;
  attempts: number;
}

/**
 * Takes the oldest due job, of media of the given kinds only when `kinds` is given (a lane). SKIP
 * LOCKED lets any number of workers, on any number of instances, claim at once without waiting on
 * each other or taking the same job.
 */
export async function claimJob(
  db: Db,
  kinds?: readonly MediaKind[],
): Promise<Pick<MediaJobRow, 'id' | 'mediaId' | 'attempts'> | null> {
  const ofKinds = kinds
    ? sql`and j.media_id in (select id from media where kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )}))`
    : sql``;
  const [row] = rowsOf<JobRecord>(
    await db.execute(sql`
      update media_jobs set status = 'running', locked_at = now(), attempts = attempts + 1
      where id = (select j.id from media_jobs j where j.status = 'queued' and j.run_at <= now() ${ofKinds}
                  order by j.run_at, j.id for update skip locked limit 1)
      returning id, media_id, attempts`),
  );
  return row ? { id: Number(row.id), mediaId: row.media_id, attempts: row.attempts } : null;
}

/** A running job says it is alive; one silent for longer than the stale limit is taken back. */
export async function heartbeat(db: Db, id: number): Promise<void> {
  await db.update(mediaJobs).set({ lockedAt: new Date() }).where(eq(mediaJobs.id, id));
}

/** A finished job leaves nothing behind: the media row holds the outcome. */
export async function finishJob(db: Db, id: number): Promise<void> {
  await db.delete(mediaJobs).where(eq(mediaJobs.id, id));
}

export async function retryJob(db: Db, id: number, error: string, delaySeconds: number): Promise<void> {
  await db
    .update(mediaJobs)
    .set({
      status: 'queued',
      lockedAt: null,
      lastError: error.slice(0, 2000),
      runAt: sql`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where(eq(mediaJobs.id, id));
}

/** Puts back jobs whose worker vanished (a crash, a killed instance). */
export async function requeueStale(db: Db, staleSeconds: number): Promise<number> {
  const rows = await db
    .update(mediaJobs)
    .set({ status: 'queued', lockedAt: null, runAt: new Date() })
    .where(
      sql`${mediaJobs.status} = 'running' and ${mediaJobs.lockedAt} < now() - make_interval(secs => ${staleSeconds})`,
    )
    .returning({ id: mediaJobs.id });
  return rows.length;
}
