import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { media, type MediaRow } from '../db/schema';
import { isUuid } from '../ids';

export type NewMedia = typeof media.$inferInsert;

/** A media by id; null for a missing one or a malformed id (never a database error). */
export async function mediaById(db: Db, id: string): Promise<MediaRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row ?? null;
}

export async function mediaByPublicId(db: Db, publicId: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.publicId, publicId));
  return row ?? null;
}

const live = and(isNull(media.deletedAt), ne(media.status, 'failed'));

/** The owner's live copy of these exact bytes (by SHA-256), if there is one. */
export async function liveMediaBySha(db: Db, ownerId: string, sha256: string): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.sha256, sha256), live));
  return row ?? null;
}

/**
 * The owner's live media with this MD5 (and this SHA-256 when the client sends one). Only the
 * caller's own files are searched, so an MD5 collision can never hand anyone another person's media.
 */
export async function availableMedia(
  db: Db,
  ownerId: string,
  md5: string,
  sha256?: string,
): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(media)
    .where(
      and(
        eq(media.ownerId, ownerId),
        eq(media.md5, md5),
        sha256 ? eq(media.sha256, sha256) : undefined,
        live,
      ),
    )
    .orderBy(sql`${media.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Records a new upload and queues its processing (`enqueue`, on the same transaction) in one commit.
 * Null when the owner already has a live copy of the same bytes (a concurrent upload of the same file won).
 */
export async function insertMediaWithJob(
  db: Db,
  values: NewMedia,
  enqueue: (tx: Db, row: MediaRow) => Promise<void>,
): Promise<MediaRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(media).values(values).returning();
      if (!row) throw new Error('media insert returned nothing');
      await enqueue(tx, row);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Hides the owner's media from the vault and from new sends. All ids must be the caller's, or nothing changes. */
export async function softDeleteMedia(db: Db, ownerId: string, ids: string[]): Promise<number | null> {
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid)) return null;
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.ownerId, ownerId), inArray(media.id, unique)))
      .for('update');
    if (owned.length !== unique.length) return null;
    await tx
      .update(media)
      .set({ deletedAt: new Date() })
      .where(and(inArray(media.id, unique), isNull(media.deletedAt)));
    return unique.length;
  });
}
