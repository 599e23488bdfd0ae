import type { MediaKind } from '@cove/contracts';

/** The draft's photo or video, once the server has it (uploaded now, or picked from the vault). */
export interface BroadcastMedia {
  type: MediaKind;
  media_id: string;
  public_id: string;
  width: number | null;
  height: number | null;
  video_length: number | null;
  /** What the creator sees of it: the file's name, or the vault's. */
  label: string;
  thumb: string | null;
  /** Picked from the vault: it was there before and nothing was uploaded (the spec's vault flag). */
  vault: boolean;
}

export interface BroadcastDraft {
  text: string;
  media: BroadcastMedia | null;
  /** Further items after `media`, making a bundle (docs/rules.md, "Bundles"). */
  more: BroadcastMedia[];
  /** The free preview of a paid bundle, by media id. */
  previewId: string | null;
  /** As typed, in dollars; credits are ten times it. */
  price: string;
  selfDestruct: boolean;
}

export const emptyBroadcastDraft: BroadcastDraft = {
  text: '',
  media: null,
  more: [],
  previewId: null,
  price: '',
  selfDestruct: false,
};

/** Every item of the draft in order: its media, then the rest of a bundle. */
export const draftItems = (d: BroadcastDraft): BroadcastMedia[] => (d.media ? [d.media, ...d.more] : []);

/** The draft with these items in this order (the first is its media); a preview no longer there is dropped. */
export function withItems(d: BroadcastDraft, items: BroadcastMedia[]): BroadcastDraft {
  const [first = null, ...more] = items;
  const previewId = items.some((i) => i.media_id === d.previewId) ? d.previewId : null;
  return { ...d, media: first, more, previewId, price: first ? d.price : '' };
}

/** The longest a broadcast may wait (docs/rules.md: up to 30 days ahead). */
const maxScheduleMs = 30 * 24 * 60 * 60 * 1000;

/**
 * A `datetime-local` value as the ISO time to send at, or why it cannot be one: in the future and
 * within 30 days.
 */
export function scheduleTime(value: string, now = Date.now()): { at: string } | { problem: string } {
  const at = new Date(value).getTime();
  if (!value || Number.isNaN(at)) return { problem: 'Choose a date and time.' };
  if (at <= now) return { problem: 'Choose a time in the future.' };
  if (at > now + maxScheduleMs) return { problem: 'Choose a time within the next 30 days.' };
  return { at: new Date(at).toISOString() };
}
