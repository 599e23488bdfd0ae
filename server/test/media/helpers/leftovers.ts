import { sql } from 'drizzle-orm';
import { media, mediaJobs } from '../../../src/db/schema';
import type { TestApp } from '../../helpers/test-app';
import { scratchFiles } from './upload';

/**
 * Everything media-related that nothing accounts for: stored objects no ready media lists, media
 * still processing or still holding an original, queued jobs, and temporary files.
 */
export async function leftovers(t: TestApp): Promise<string[]> {
  const rows = await t.db.select().from(media);
  const expected = new Set(rows.flatMap((r) => Object.values(r.renditions).map((x) => x.key)));
  const stored = await t.app.media.storage.list('m/');
  const jobs = await t.db.$count(mediaJobs, sql`true`);
  return [
    ...stored.filter((k) => !expected.has(k)).map((k) => `object ${k}`),
    ...rows.filter((r) => r.status === 'processing' || r.originalKey).map((r) => `media ${r.id} ${r.status}`),
    ...(jobs ? [`${jobs} media jobs`] : []),
    ...scratchFiles(t).map((f) => `file ${f}`),
  ];
}
