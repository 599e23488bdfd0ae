import type { BundleItem, BundleItemInput } from '@cove/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media, messageMedia, type MediaRow } from '../db/schema';
import { isUuid } from '../ids';
import type { MediaContext } from '../media';
import { describeMedia } from '../media/descriptor';
import type { MessageRow } from './message-dto';
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

const itemOf = (row: MediaRow | undefined, preview: boolean, mediaId: string): BundleItem => ({
  media_id: mediaId,
  type: row?.kind ?? 'image',
  video_length: row?.videoLength ?? null,
  preview,
  media: null,
});

/**
 * A picked bundle as realtime events carry it: each item's kind and length, no URLs (they would
 * outlive their signature). Read from the sender's own media; `send_one` checks them again.
 */
export async function eventItems(
  db: Db,
  ownerId: string,
  pick: BundlePick | null,
): Promise<BundleItem[] | null> {
  if (!pick || !pickIdsValid(pick)) return pick && pick.map((i) => itemOf(undefined, i.preview, i.media_id));
  const rows = await db
    .select()
    .from(media)
    .where(
      and(
        eq(media.ownerId, ownerId),
        inArray(
          media.id,
          pick.map((i) => i.media_id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return pick.map((i) => itemOf(byId.get(i.media_id), i.preview, i.media_id));
}

/**
 * The items of these messages' bundles as one viewer sees them (docs/rules.md, "Bundles"): all open
 * to the sender, to a buyer and in a free message; otherwise only the free preview is, the rest show
 * their blurred preview. An item erased since keeps its place with `media: null`.
 */
export async function bundlesFor(
  ctx: MediaContext,
  viewerId: string,
  rows: readonly MessageRow[],
  bought: ReadonlySet<number>,
): Promise<Map<number, BundleItem[]>> {
  const withMedia = rows.filter((m) => m.mediaId !== null).map((m) => m.id);
  const out = new Map<number, BundleItem[]>();
  if (withMedia.length === 0) return out;
  const items = await ctx.db
    .select({ item: messageMedia, row: media })
    .from(messageMedia)
    .leftJoin(media, eq(media.id, messageMedia.mediaId))
    .where(inArray(messageMedia.messageId, withMedia))
    .orderBy(asc(messageMedia.messageId), asc(messageMedia.position));
  const byId = new Map(rows.map((m) => [m.id, m]));
  for (const { item, row } of items) {
    const m = byId.get(item.messageId);
    if (!m) continue;
    const open = m.senderId === viewerId || m.price === 0 || bought.has(m.id) || item.preview;
    const list = out.get(m.id) ?? [];
    list.push({
      ...itemOf(row ?? undefined, item.preview, item.mediaId),
      media: row ? describeMedia(ctx.signer, row, viewerId, open ? 'full' : 'locked') : null,
    });
    out.set(m.id, list);
  }
  return out;
}
