import * as z from 'zod/mini';
import { bundleInput, bundleItem, bundlePreviewMessage, bundlePreviewNeedsPrice } from './bundle';
import { mediaDescriptor } from './media';
import { MAX_TEXT_LENGTH, PAID_PRICE_MAX } from './message';

/**
 * Auto-messages (spec: account document, "Auto-message category" and "Auto-message", and
 * `GET/PUT /v1/auto-messages`): per trigger, the messages a creator's fans get once (docs/rules.md).
 */

/** What sends a category: a fan's first chat, a follow, a subscription, a first purchase. */
export const autoMessageCategory = z.enum(['welcome', 'new_follower', 'new_subscriber', 'first_purchase']);
export type AutoMessageCategory = z.infer<typeof autoMessageCategory>;

/** Messages one category holds at most. */
export const AUTO_MESSAGE_LIMIT = 5;
/** The longest a category may wait after its trigger: 24 hours. */
export const AUTO_MESSAGE_MAX_DELAY_MINUTES = 1440;
/** The longest per-fan cooldown: a week. */
export const AUTO_MESSAGE_MAX_COOLDOWN_HOURS = 168;
/** The paid-message range (docs/rules.md, Paid messages). */
export const AUTO_MESSAGE_MAX_PRICE = PAID_PRICE_MAX;

/** An auto-message is text, or a media with an optional caption. */
export const autoMessageType = z.enum(['text', 'media']);

/**
 * One message as the creator writes it: text, or a media from their uploads with an optional caption,
 * or a bundle of several (`media_items`, then `media_id` is ignored: the first item is it).
 */
export const autoMessageInput = z
  .object({
    type: autoMessageType,
    text: z._default(
      z.string().check(z.maxLength(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`)),
      '',
    ),
    media_id: z.optional(z.string().check(z.maxLength(100))),
    media_items: z.optional(bundleInput),
    /** Credits to unlock (0: free); paid messages lock like any pay-per-view. */
    price: z._default(z.int().check(z.gte(0), z.lte(AUTO_MESSAGE_MAX_PRICE)), 0),
  })
  .check(z.refine(bundlePreviewNeedsPrice, { message: bundlePreviewMessage, path: ['media_items'] }));
export type AutoMessageInput = z.input<typeof autoMessageInput>;

/** `PUT /v1/auto-messages`: replaces one category wholesale; an empty list clears it. */
export const putAutoMessagesBody = z.object({
  category: autoMessageCategory,
  auto_messages: z
    .array(autoMessageInput)
    .check(z.maxLength(AUTO_MESSAGE_LIMIT, `A category holds at most ${AUTO_MESSAGE_LIMIT} messages.`)),
  delay_minutes: z._default(z.int().check(z.gte(0), z.lte(AUTO_MESSAGE_MAX_DELAY_MINUTES)), 0),
  cooldown_hours: z._default(z.int().check(z.gte(0), z.lte(AUTO_MESSAGE_MAX_COOLDOWN_HOURS)), 0),
});
export type PutAutoMessagesBody = z.input<typeof putAutoMessagesBody>;

/** A stored auto-message; `media` is null for text and for a media erased since. */
export const autoMessage = z.object({
  _id: z.string(),
  type: autoMessageType,
  text: z.string(),
  price: z.int(),
  media_id: z.nullable(z.string()),
  media: z.nullable(mediaDescriptor),
  /** A bundle's items (`media` of each null once deleted from the vault); null for one media or none. */
  media_items: z.nullable(z.array(bundleItem)),
});
export type AutoMessage = z.infer<typeof autoMessage>;

/** A category with its excerpt (the list's one-line summary, empty when cleared) and messages. */
export const autoMessageCategoryDto = z.object({
  category: autoMessageCategory,
  excerpt: z.string(),
  delay_minutes: z.int(),
  cooldown_hours: z.int(),
  messages: z.array(autoMessage),
});
export type AutoMessageCategoryDto = z.infer<typeof autoMessageCategoryDto>;

/** `GET /v1/auto-messages`: every category, in the order above, empty ones included. */
export const autoMessagesResponse = z.object({ data: z.array(autoMessageCategoryDto) });
export const autoMessageCategoryResponse = z.object({ data: autoMessageCategoryDto });

/** The list's one-line summary of a category: its first message, as a chat list would preview it. */
export function autoMessageExcerpt(
  messages: readonly (Pick<AutoMessage, 'type' | 'text' | 'price'> & { kind: 'image' | 'video' | null })[],
): string {
  const first = messages[0];
  if (!first) return '';
  const text = first.text.trim().slice(0, 120);
  const what = first.type === 'text' ? text : text || (first.kind === 'video' ? 'Video' : 'Photo');
  return first.price > 0 ? `Paid: ${what}` : what;
}
