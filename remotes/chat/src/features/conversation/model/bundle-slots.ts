import { mediaMessages, type ApiClient, type MediaKind } from '@cove/contracts';
import { uploadMedia, UploadRefused, type UploadProgress } from '@cove/runtime';

/** One item of a bundle on its way: a vault media as it is, or a new file until its upload is done. */
export interface BundleSlot {
  kind: MediaKind;
  /** The free preview of a paid bundle. */
  preview: boolean;
  /** A new file still to upload; null for a vault item. */
  file: File | null;
  /** The vault media, or the upload's once it is done. */
  media_id: string | null;
  /** A vault item's thumbnail, for the pending bubble. */
  thumb: string | null;
}

/** Where a bundle's uploads stand: which item is going up (from 1) and its bytes. */
export interface BundleProgress {
  index: number;
  count: number;
  bytes: UploadProgress | null;
}

/**
 * Uploads a bundle's new files one after the other (the server processes each as it lands), telling
 * each finished one through `done` so a retry does not send it again. Answers the slots, all with ids.
 */
export async function uploadSlots(
  api: ApiClient,
  slots: readonly BundleSlot[],
  opts: {
    paid: boolean;
    signal: AbortSignal;
    onProgress(p: BundleProgress): void;
    done(slots: BundleSlot[]): void;
  },
): Promise<BundleSlot[]> {
  const out = [...slots];
  const waiting = out.filter((s) => s.media_id === null).length;
  let index = 0;
  for (const [i, slot] of out.entries()) {
    if (slot.media_id !== null || !slot.file) continue;
    index += 1;
    const at = index;
    opts.onProgress({ index: at, count: waiting, bytes: null });
    const { media } = await uploadMedia(api, slot.file, {
      type: opts.paid ? 'paid_message' : 'message',
      signal: opts.signal,
      onProgress: (bytes) => opts.onProgress({ index: at, count: waiting, bytes }),
    });
    if (media.status === 'failed') throw new UploadRefused(media.message ?? mediaMessages.uploadFailed);
    out[i] = { ...slot, media_id: media.media_id, file: null };
    opts.done([...out]);
  }
  return out;
}
