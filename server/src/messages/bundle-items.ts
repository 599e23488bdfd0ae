import type { BundleItemInput } from '@cove/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media, messageMedia } from '../db/schema';
import { isUuid } from '../ids';
import { mediaRowsById } from '../media';
import type { MessageRow } from './message-dto';
import type { HeldItem, HeldMedia } from './message-view';
import { rowsOf } from '../db/rows';

/** A bundle's items as the database writes and compares them: lower-case ids, `preview` given. */
export type BundlePick = { media_id: string; preview: boolean }[];

/** The items a body picked, as the database takes them; null when it sends no bundle. */
export const bundlePick = (items: readonly BundleItemInput[] | undefined): BundlePick | null =>
  items ? items.map((i) => ({ media_id: i.media_id.toLowerCase(), preview: i.preview ?? false })) : null;

/** Whether every picked id can name a media at all (the database checks what it names). */
export const pickIdsValid = (pick: BundlePick | null) => !pick || pick.every((i) => isUuid(i.media_id));

/** `bundle_usable` (src/db/functions/messages): every item a ready, live media of the owner's. */
export async function bundleUsable(db: Db, ownerId: string, pick: BundlePick): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select bundle_usable(${ownerId}, ${JSON.stringify(pick)}::jsonb) as ok`),
  );
  return row?.ok === true;
}

/**
 * What a send would hold, read from the sender's own media before the insert (`send_one` checks the
 * same media again): the picked bundle's items, or the one media.
 */
export async function heldByPick(
  db: Db,
  ownerId: string,
  pick: BundlePick | null,
  mediaId: string | null,
): Promise<HeldMedia> {
  const ids = pick && pickIdsValid(pick) ? pick.map((i) => i.media_id) : [mediaId];
  const mine = [...(await mediaRowsById(db, ids)).values()].filter((r) => r.ownerId === ownerId);
  const byId = new Map(mine.map((r) => [r.id, r]));
  if (!pick) return { single: (mediaId && byId.get(mediaId)) || null, items: null };
  return {
    single: null,
    items: pick.map((i) => ({ mediaId: i.media_id, preview: i.preview, row: byId.get(i.media_id) ?? null })),
  };
}

/** The items of these messages' bundles in order, by message id; an item erased since keeps its place. */
export async function heldBundles(db: Db, rows: readonly MessageRow[]): Promise<Map<number, HeldItem[]>> {
  const withMedia = rows.filter((m) => m.mediaId !== null).map((m) => m.id);
  const out = new Map<number, HeldItem[]>();
  if (withMedia.length === 0) return out;
  const items = await db
    .select({ item: messageMedia, row: media })
    .from(messageMedia)
    .leftJoin(media, eq(media.id, messageMedia.mediaId))
    .where(inArray(messageMedia.messageId, withMedia))
    .orderBy(asc(messageMedia.messageId), asc(messageMedia.position));
  for (const { item, row } of items) {
    const list = out.get(item.messageId) ?? [];
    list.push({ mediaId: item.mediaId, preview: item.preview, row });
    out.set(item.messageId, list);
  }
  return out;
}
