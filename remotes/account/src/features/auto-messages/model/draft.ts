import type {
  AutoMessage,
  AutoMessageCategoryDto,
  MediaDescriptor,
  PutAutoMessagesBody,
} from '@cove/contracts';

/** One item of a bundle message (docs/rules.md, "Bundles"); `media` is null once deleted from the vault. */
export interface BundleDraftItem {
  media_id: string;
  media: MediaDescriptor | null;
  preview: boolean;
}

/**
 * One message in the editor: a saved one (`saved`: its server id) or one added since. `deleting`
 * marks a saved message whose removal is on its way to the server.
 */
export interface DraftMessage {
  key: string;
  saved: string | null;
  type: 'text' | 'media';
  text: string;
  /** Credits; 0 is free. */
  price: number;
  media_id: string | null;
  media: MediaDescriptor | null;
  /** A bundle's items, the first being `media`; null for one media or none. */
  items: BundleDraftItem[] | null;
  deleting: boolean;
}

export interface Draft {
  messages: DraftMessage[];
  delay_minutes: number;
  cooldown_hours: number;
}

let nextKey = 0;
export const newKey = () => `new-${++nextKey}`;

export const fromSavedMessage = (m: AutoMessage): DraftMessage => ({
  key: m._id,
  saved: m._id,
  type: m.type,
  text: m.text,
  price: m.price,
  media_id: m.media_id,
  media: m.media,
  items: m.media_items?.map((i) => ({ media_id: i.media_id, media: i.media, preview: i.preview })) ?? null,
  deleting: false,
});

/** The editor's copy of the category as last saved. */
export const draftOf = (c: AutoMessageCategoryDto): Draft => ({
  messages: c.messages.map(fromSavedMessage),
  delay_minutes: c.delay_minutes,
  cooldown_hours: c.cooldown_hours,
});

/** The PUT that makes the category exactly `messages` with these settings. */
export function bodyOf(
  category: AutoMessageCategoryDto['category'],
  draft: Draft,
  messages: readonly DraftMessage[] = draft.messages,
): PutAutoMessagesBody {
  return {
    category,
    delay_minutes: draft.delay_minutes,
    cooldown_hours: draft.cooldown_hours,
    auto_messages: messages.map((m) =>
      m.type === 'text'
        ? { type: 'text', text: m.text, price: m.price }
        : {
            type: 'media',
            text: m.text,
            price: m.price,
            media_id: m.media_id ?? '',
            ...(m.items && {
              // A free preview only means something while the bundle has a price.
              media_items: m.items.map((i) => ({ media_id: i.media_id, preview: i.preview && m.price > 0 })),
            }),
          },
    ),
  };
}

/** Whether the editor holds anything the server does not: compared as the PUT would send them. */
export const isDirty = (category: AutoMessageCategoryDto, draft: Draft) =>
  JSON.stringify(bodyOf(category.category, draft)) !==
  JSON.stringify(bodyOf(category.category, draftOf(category)));

/** The list with the message at `from` moved by `by` places (within bounds). */
export function moved<T>(list: readonly T[], from: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, from + by));
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** A photo or video added to the editor (uploaded, or picked from the vault), free until priced. */
export const mediaMessage = (media: MediaDescriptor): DraftMessage => ({
  key: newKey(),
  saved: null,
  type: 'media',
  text: '',
  price: 0,
  media_id: media.media_id,
  media,
  items: null,
  deleting: false,
});

/** Several vault media as one message: a bundle under one price, free until priced. */
export const bundleMessage = (media: readonly MediaDescriptor[]): DraftMessage => ({
  ...mediaMessage(media[0] as MediaDescriptor),
  items: media.map((m) => ({ media_id: m.media_id, media: m, preview: false })),
});

/** An empty text message added to the editor. */
export const textMessage = (): DraftMessage => ({
  key: newKey(),
  saved: null,
  type: 'text',
  text: '',
  price: 0,
  media_id: null,
  media: null,
  items: null,
  deleting: false,
});
