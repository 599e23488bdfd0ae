import type { MediaCount } from '@cove/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedPostMedia, media, type MediaRow, type UserRow } from '../db/schema';
import { fail } from '../errors';
import type { Tx } from '../db/transaction';

/**
 * A post's photos and videos (docs/rules.md, Post media): the cover in `feed_posts.media_id`, the
 * rest in `feed_post_media` from position 1. Each was uploaded and processed on its own, by the post's
 * creator, before the post names it.
 */

/** The media a new post asks for, in order: `media_ids`, or the one `media_id`. */
export function mediaIdsOf(body: {
  media_id?: string | undefined;
  media_ids?: string[] | undefined;
}): string[] {
  if (body.media_id !== undefined && body.media_ids !== undefined)
    throw fail('validation', 'body.media_ids: send media_ids or media_id, not both');
  return body.media_ids ?? (body.media_id !== undefined ? [body.media_id] : []);
}

/**
 * Every item is the creator's, ready and not deleted, named once; the first one's kind is the post's
 * `type`, by which the photo and video tabs list it.
 */
export async function assertItemsUsable(
  tx: Tx,
  me: UserRow,
  type: 'image' | 'video',
  ids: string[],
): Promise<void> {
  if (ids.length === 0) throw fail('media_required');
  if (new Set(ids).size !== ids.length) throw fail('media_repeated');
  const rows = await tx.select().from(media).where(inArray(media.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || row.ownerId !== me.id || row.deletedAt !== null || row.status !== 'ready')
      throw fail('media_not_usable');
  }
  if (byId.get(ids[0] ?? '')?.kind !== type) throw fail('media_kind', type);
}

/** Writes the items after the cover, in the post's transaction. */
export async function addItems(tx: Tx, postId: string, ids: string[]): Promise<void> {
  const rest = ids.slice(1).map((mediaId, i) => ({ postId, position: i + 1, mediaId }));
  if (rest.length > 0) await tx.insert(feedPostMedia).values(rest);
}

/** The media ids of a post after its cover, in order: what a retried post must ask for again. */
export async function restOf(tx: Tx, postId: string): Promise<string[]> {
  const rows = await tx
    .select({ mediaId: feedPostMedia.mediaId })
    .from(feedPostMedia)
    .where(eq(feedPostMedia.postId, postId))
    .orderBy(asc(feedPostMedia.position));
  return rows.map((r) => r.mediaId);
}

/** The rows of posts' media, each post's in order with the cover first. */
export async function itemsOf(
  db: Pick<Db, 'select'>,
  posts: { id: string; media_id: string | null }[],
): Promise<Map<string, MediaRow[]>> {
  const withMedia = posts.filter((p) => p.media_id !== null);
  const items = new Map<string, MediaRow[]>();
  if (withMedia.length === 0) return items;
  const rest = await db
    .select({ postId: feedPostMedia.postId, mediaId: feedPostMedia.mediaId })
    .from(feedPostMedia)
    .where(
      inArray(
        feedPostMedia.postId,
        withMedia.map((p) => p.id),
      ),
    )
    .orderBy(asc(feedPostMedia.postId), asc(feedPostMedia.position));
  const ids = [...new Set([...withMedia.map((p) => p.media_id ?? ''), ...rest.map((r) => r.mediaId)])];
  const rows = await db.select().from(media).where(inArray(media.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const p of withMedia) {
    const ordered = [p.media_id ?? '', ...rest.filter((r) => r.postId === p.id).map((r) => r.mediaId)];
    items.set(
      p.id,
      ordered.flatMap((id) => byId.get(id) ?? []),
    );
  }
  return items;
}

/** How many photos and videos a post's items are. */
export const countOf = (rows: MediaRow[]): MediaCount => ({
  images: rows.filter((r) => r.kind === 'image').length,
  videos: rows.filter((r) => r.kind === 'video').length,
});
