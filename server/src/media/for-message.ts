import type { MediaDescriptor } from '@cove/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media, type MediaRow } from '../db/schema';
import { describeMedia } from './descriptor';
import { mediaById } from './media-store';
import type { UrlSigner } from './url-signer';
import { isUuid } from '../ids';

/** What message code needs to describe media: the database and the URL signer (`app.media` has both). */
export interface MediaContext {
  db: Db;
  signer: UrlSigner;
}

/** How the viewer stands towards the message that carries the media. */
export interface MessageMediaAccess {
  /** The message has a price. */
  paid: boolean;
  /** The viewer bought it. */
  bought: boolean;
  /** The viewer sent it. */
  isSender: boolean;
}

/** Full renditions for the sender, for buyers and for recipients of free messages; the blurred preview otherwise. */
export const viewFor = (a: MessageMediaAccess): 'full' | 'locked' =>
  a.isSender || !a.paid || a.bought ? 'full' : 'locked';

/**
 * The media descriptor for one message as one viewer sees it, or null when the message carries no
 * media (or it was erased). The serving route checks the same rights again on every request.
 */
export async function mediaForMessage(
  ctx: MediaContext,
  mediaId: string | null,
  viewerId: string,
  access: MessageMediaAccess,
): Promise<MediaDescriptor | null> {
  if (!mediaId) return null;
  const row = await mediaById(ctx.db, mediaId);
  return row ? describeMedia(ctx.signer, row, viewerId, viewFor(access)) : null;
}

/** These media rows by id, in one query; ids that cannot name a media are left out. */
export async function mediaRowsById(db: Db, ids: readonly (string | null)[]): Promise<Map<string, MediaRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null && isUuid(id)))];
  const rows = wanted.length ? await db.select().from(media).where(inArray(media.id, wanted)) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** The same for a page of messages in one query: descriptors by media id, for one viewer. */
export async function mediaForMessages(
  ctx: MediaContext,
  viewerId: string,
  items: readonly { mediaId: string | null; access: MessageMediaAccess }[],
): Promise<(MediaDescriptor | null)[]> {
  const byId = await mediaRowsById(
    ctx.db,
    items.map((i) => i.mediaId),
  );
  return items.map((i) => {
    const row = i.mediaId ? byId.get(i.mediaId) : undefined;
    return row ? describeMedia(ctx.signer, row, viewerId, viewFor(i.access)) : null;
  });
}
