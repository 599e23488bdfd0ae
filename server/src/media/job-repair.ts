import type { MediaKind } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { bossTable } from '../jobs/job-tables';
import { mediaJobLanes, mediaJobSeconds, sendMediaJob } from './job-lanes';
import { fastestAllowedFps, type VideoLimits } from './video-limits';

export interface RepairDeps {
  db: Db;
  boss: PgBoss;
  videoLimits: VideoLimits;
  /** Marks the media failed and tells its uploader. */
  giveUp(mediaId: string): Promise<void>;
}

interface OrphanRecord {
  id: string;
  kind: MediaKind;
  width: number | null;
  height: number | null;
  video_length: number | null;
  dead_lettered: boolean;
}

/** Younger media are left alone: their upload's transaction may still be committing. */
const SETTLE_MS = 5 * 60_000;

/**
 * A processing media always has a live job: it is queued in the transaction that records the media,
 * and pg-boss moves a job from try to try in single statements. Two things leave one without: a worker
 * that died during the last try (pg-boss failed the job when its time ran out, into the dead letter),
 * and media uploaded before jobs ran on pg-boss. The first is given up like any media out of tries;
 * the second is queued again. Returns how many media were repaired.
 */
export async function repairMediaJobs(deps: RepairDeps, now = new Date()): Promise<number> {
  const queues = mediaJobLanes.map((l) => l.queue);
  const deadLetters = mediaJobLanes.map((l) => l.deadLetter);
  const job = bossTable('job');
  const rows = rowsOf<OrphanRecord>(
    await deps.db.execute(sql`
      select m.id, m.kind, m.width, m.height, m.video_length,
        exists (select 1 from ${job} d
          where d.name in ${deadLetters} and d.data->>'mediaId' = m.id::text) as dead_lettered
      from media m
      where m.status = 'processing' and m.created_at < ${new Date(now.getTime() - SETTLE_MS)}
        and not exists (select 1 from ${job} j
          where j.name in ${queues} and j.singleton_key = m.id::text and j.state < 'completed')
      limit 100`),
  );
  for (const row of rows) {
    if (row.dead_lettered) {
      await deps.giveUp(row.id);
      continue;
    }
    // The header's frame rate was not kept: the time limit assumes the fastest the limits allow.
    const width = row.width ?? 0;
    const height = row.height ?? 0;
    const video =
      row.kind === 'video'
        ? { width, height, duration: row.video_length, fps: fastestAllowedFps(width, height) }
        : null;
    await sendMediaJob(deps.boss, row.kind, {
      mediaId: row.id,
      expireInSeconds: mediaJobSeconds(video, deps.videoLimits),
    });
  }
  return rows.length;
}
