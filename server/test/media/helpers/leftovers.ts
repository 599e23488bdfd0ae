import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../src/db/rows';
import { media } from '../../../src/db/schema';
import { mediaJobLanes } from '../../../src/media/job-lanes';
import type { TestApp } from '../../helpers/test-app';
import { scratchFiles } from './upload';

/**
 * Everything media-related that nothing accounts for: stored objects no ready media lists, media
 * still processing or still holding an original, media jobs still to run or dead-lettered, and temporary files.
 */
/** Media jobs not yet completed: queued, running, or dead-lettered. */
async function openJobs(t: TestApp): Promise<number> {
  const queues = mediaJobLanes.flatMap((l) => [l.queue, l.deadLetter]);
  const [{ jobs } = { jobs: 0 }] = rowsOf<{ jobs: number }>(
    await t.db.execute(
      sql`select count(*)::int as jobs from pgboss.job where name in ${queues} and state < 'completed'`,
    ),
  );
  return jobs;
}

export async function leftovers(t: TestApp): Promise<string[]> {
  const rows = await t.db.select().from(media);
  const expected = new Set(rows.flatMap((r) => Object.values(r.renditions).map((x) => x.key)));
  const stored = await t.app.media.storage.list('m/');
  // A job whose work is done is marked completed by pg-boss a moment later (longer on a busy
  // machine): it counts only if it is still open after a few seconds.
  let jobs = await openJobs(t);
  for (let wait = 0; jobs > 0 && wait < 50; wait++) {
    await new Promise((r) => setTimeout(r, 100));
    jobs = await openJobs(t);
  }
  return [
    ...stored.filter((k) => !expected.has(k)).map((k) => `object ${k}`),
    ...rows.filter((r) => r.status === 'processing' || r.originalKey).map((r) => `media ${r.id} ${r.status}`),
    ...(jobs ? [`${jobs} media jobs`] : []),
    ...scratchFiles(t).map((f) => `file ${f}`),
  ];
}
