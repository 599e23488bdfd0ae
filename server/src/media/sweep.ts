import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import type { Storage } from '../storage';

export interface SweepDeps {
  db: Db;
  storage: Storage;
  /** Folders of temporary files (uploads being received, jobs' scratch space). */
  scratchDirs: string[];
}

/** A deleted media is erased this long after its deletion when no message carries it. */
const DELETED_GRACE_MS = 60 * 60_000;
/** Failed uploads stay visible to their uploader's status checks for a day. */
const FAILED_KEEP_MS = 24 * 60 * 60_000;
/** Temporary files older than this belong to no live request or job. */
const SCRATCH_MAX_AGE_MS = 6 * 60 * 60_000;

/**
 * Erases what nobody can see any more: media deleted from the vault that no message, feed post or
 * auto-message carries (after a grace period, so a send racing the deletion still finds it), failed uploads after
 * a day, and temporary files left by a crash. Returns how many media rows were erased.
 */
export async function sweepMedia(deps: SweepDeps, now = new Date()): Promise<number> {
  const rows = await deps.db
    .select({ id: media.id, renditions: media.renditions, originalKey: media.originalKey })
    .from(media)
    .where(
      or(
        and(
          isNotNull(media.deletedAt),
          lt(media.deletedAt, new Date(now.getTime() - DELETED_GRACE_MS)),
          sql`not exists (select 1 from messages m where m.media_id = ${media.id})`,
          sql`not exists (select 1 from message_media mm where mm.media_id = ${media.id})`,
          // A pending broadcast's or an auto-message's bundle still names it.
          sql`not exists (select 1 from broadcasts b where b.status in ('scheduled', 'sending')
            and b.media_items @> jsonb_build_array(jsonb_build_object('media_id', ${media.id}::text)))`,
          sql`not exists (select 1 from auto_messages a
            where a.media_items @> jsonb_build_array(jsonb_build_object('media_id', ${media.id}::text)))`,
          sql`not exists (select 1 from feed_posts p where p.media_id = ${media.id})`,
          sql`not exists (select 1 from feed_post_media pm where pm.media_id = ${media.id})`,
          // An auto-message keeps showing it as gone until the creator edits it, rather than vanishing.
          sql`not exists (select 1 from auto_messages a where a.media_id = ${media.id})`,
        ),
        and(eq(media.status, 'failed'), lt(media.createdAt, new Date(now.getTime() - FAILED_KEEP_MS))),
      ),
    )
    .limit(500);
  for (const row of rows) {
    await deps.storage.delete([
      ...Object.values(row.renditions).map((r) => r.key),
      ...(row.originalKey ? [row.originalKey] : []),
    ]);
  }
  if (rows.length)
    await deps.db.delete(media).where(
      inArray(
        media.id,
        rows.map((r) => r.id),
      ),
    );
  for (const dir of deps.scratchDirs) await removeOldFiles(dir, now.getTime() - SCRATCH_MAX_AGE_MS);
  return rows.length;
}

async function removeOldFiles(dir: string, before: number): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < before) await rm(path, { recursive: true, force: true });
  }
}
