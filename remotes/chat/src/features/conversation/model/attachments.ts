import { BUNDLE_MAX_ITEMS, type MediaKind, type VaultItem } from '@cove/contracts';
import type { BundleSlot } from './bundle-slots';
import { kindOf } from './composer-lines';
import type { MediaFields } from './message-delivery';

/** One photo or video attached to the message being written: a new file, or a vault media as it is. */
export type Attachment =
  | { source: 'file'; key: string; kind: MediaKind; file: File }
  | { source: 'vault'; key: string; kind: MediaKind; item: VaultItem };

let counter = 0;
export const fileAttachment = (file: File): Attachment => ({
  source: 'file',
  key: `file-${++counter}`,
  kind: kindOf(file),
  file,
});
export const vaultAttachment = (item: VaultItem): Attachment => ({
  source: 'vault',
  key: `vault-${item.media_id}`,
  kind: item.type,
  item,
});

/** Whether another item fits (docs/rules.md, "Bundles": BUNDLE_MAX_ITEMS). */
export const hasRoom = (list: readonly Attachment[]) => list.length < BUNDLE_MAX_ITEMS;

/** What the attachment is called on its remove and preview controls: "photo 2", "video 1". */
export const attachmentName = (a: Attachment, position: number) =>
  `${a.kind === 'video' ? 'video' : 'photo'} ${position}`;

/** A vault media as the single-media send fields: nothing to upload. */
export const vaultFields = (item: VaultItem): MediaFields => ({
  media_id: item.media_id,
  public_id: item.public_id,
  width: item.width ?? undefined,
  height: item.height ?? undefined,
  video_length: item.video_length ?? undefined,
});

/** Several attachments as a bundle's slots; `previewKey` names the free preview of a paid one. */
export const bundleSlots = (list: readonly Attachment[], previewKey: string | null): BundleSlot[] =>
  list.map((a) => ({
    kind: a.kind,
    preview: a.key === previewKey,
    file: a.source === 'file' ? a.file : null,
    media_id: a.source === 'vault' ? a.item.media_id : null,
    thumb: a.source === 'vault' ? a.item.th : null,
  }));
