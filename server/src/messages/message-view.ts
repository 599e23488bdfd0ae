import type { BundleItem, Message } from '@cove/contracts';
import type { MediaRow } from '../db/schema';
import { viewFor } from '../media';
import { describeMedia } from '../media/descriptor';
import type { UrlSigner } from '../media/url-signer';
import { toMessageDto, type MessageRow } from './message-dto';

/** One item a bundle holds: its media row (null once erased) and whether it is the free preview. */
export interface HeldItem {
  mediaId: string;
  preview: boolean;
  row: MediaRow | null;
}

/** What a message holds: its one media, or a bundle's items in order. */
export interface HeldMedia {
  single: MediaRow | null;
  items: HeldItem[] | null;
}

/**
 * A message with its media as one viewer sees it: the one description behind both the thread's read
 * and the events of a send, so a message arriving live looks as it will when read again. Everything is
 * open to the sender, to a buyer and in a free message; otherwise only a bundle's free preview is, and
 * the rest is its blurred preview (docs/rules.md, "Bundles"). A bundle's `media` is its first item.
 * Without a signer (one view copied to many viewers, a broadcast), items keep their kind and length
 * and no URL: URLs are signed per viewer.
 */
export function viewMessage(
  signer: UrlSigner | null,
  m: MessageRow,
  viewerId: string,
  bought: boolean,
  held: HeldMedia,
): Message {
  const whole = viewFor({ paid: m.price > 0, bought, isSender: m.senderId === viewerId }) === 'full';
  const open = (preview: boolean) => whole || preview;
  const describe = (row: MediaRow | null, preview: boolean) =>
    signer && row ? describeMedia(signer, row, viewerId, open(preview) ? 'full' : 'locked') : null;
  const items: BundleItem[] | null =
    held.items?.map((i) => ({
      media_id: i.mediaId,
      type: i.row?.kind ?? 'image',
      video_length: i.row?.videoLength ?? null,
      preview: i.preview,
      media: describe(i.row, i.preview),
    })) ?? null;
  const first = items ? (items[0]?.media ?? null) : describe(held.single, false);
  return toMessageDto(m, viewerId, bought, first, items);
}
