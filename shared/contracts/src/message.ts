import * as z from 'zod/mini';
import { bundleInput, bundleItem, bundlePreviewMessage, bundlePreviewNeedsPrice } from './bundle';
import { mediaDescriptor } from './media';
import { dollarsToCredits } from './money';
import { messageNotice } from './system-line';

/** The highest price in credits a paid message, broadcast, post or auto-message may carry (docs/rules.md, Paid messages). */
export const PAID_PRICE_MAX = 100_000;
/** The highest price without the `usd_content` permission: $100 (docs/rules.md, Premium prices). */
export const STANDARD_PRICE_MAX = 1_000;
/** The highest price a creator may set, by her feature permissions. */
export const priceCapOf = (features: { usd_content: boolean }) =>
  features.usd_content ? PAID_PRICE_MAX : STANDARD_PRICE_MAX;

/** A tip's bounds in credits, $0.10 to $500, and its message's length (docs/rules.md, Tips). */
export const TIP_MIN = 1;
export const TIP_MAX = 5_000;
export const TIP_NOTE_MAX = 200;
/** What a tip may carry beside its amount: a message for the creator. */
export const tipNote = z.optional(z.string().check(z.trim(), z.maxLength(TIP_NOTE_MAX)));

/** A price as typed in dollars, in credits: empty is free; null when it is not a price or above `max`. */
export function typedPriceCredits(text: string, max = PAID_PRICE_MAX): number | null {
  if (!text.trim()) return 0;
  const credits = dollarsToCredits(text);
  return credits !== null && credits <= max ? credits : null;
}

/** Every kind of message a chat can hold: what people send, and what Cove writes (system messages). */
export const messageTypes = [
  'text',
  'gif',
  'image',
  'video',
  'tip_user',
  'tip_model',
  'intro_ended',
  'intro_ended_model',
  'for_model',
  'for_both_models',
  'for_model_intro',
  'for_model_rate_changed',
  'for_model_subscription',
  'for_user',
  'for_user_rate_changed',
  'for_user_intro',
  'for_user_subscription',
] as const;
export const messageType = z.enum(messageTypes);

export const MAX_TEXT_LENGTH = 2000;

export const message = z.object({
  _id: z.string(),
  type: messageType,
  chat_id: z.string(),
  sender_id: z.string(),
  recipient_id: z.string(),
  text: z.string(),
  system: z.boolean(),
  /**
   * A money line's kind and amount (credits), worded by the viewer's screen (`systemLineText`); its
   * `text` is empty then. Null for every other message. Absent in events logged before it existed.
   */
  notice: z._default(z.nullable(messageNotice), null),
  price: z.int(),
  price_in_dollars: z.number(),
  self_destruct: z.boolean(),
  gif_url: z.nullable(z.string()),
  media_id: z.nullable(z.string()),
  /**
   * The photo or video, with URLs signed for this viewer; the blurred preview while a paid message is
   * locked. Realtime events carry null here (their URLs would outlive their signature): fetch the
   * message with `GET /v1/messages?ids=` to show its media.
   */
  media: z.nullable(mediaDescriptor),
  /**
   * A bundle's items in order (`media_id` and `media` describe the first); null for a message with
   * one media or none. Locked items show their kind and length, not their content.
   */
  media_items: z.nullable(z.array(bundleItem)),
  parent_message_id: z.nullable(z.string()),
  created_at: z.string(),
  send_id: z.nullable(z.string()),
  paid: z.boolean(),
  is_read: z.boolean(),
  read_at: z.nullable(z.string()),
  destruct_at: z.nullable(z.string()),
  deleted: z.boolean(),
  /** A tip's message from the fan, shown in the thread under the tip line; null without one. */
  tip_note: z.nullish(z.string()),
  /** The post a tip was sent on, for a tip given from the creator's feed. */
  tip_post_id: z.nullish(z.string()),
});
export type Message = z.infer<typeof message>;

/** What a chat list shows of a chat's last message (`last_message_text`). */
export function messagePreview(m: Pick<Message, 'type' | 'price' | 'text'>): string {
  if (m.type === 'tip_model') return 'Tip';
  if (m.price > 0) return 'Paid message';
  if (m.type === 'gif') return 'GIF';
  return m.text.slice(0, 200);
}

/**
 * Whether a message arriving for `viewerId` may have earned them money: the creator's copy of a tip or
 * of a new subscription, or a person's message from the other member (charged at the chat's rate when
 * it has one). A screen showing earnings or spend reads them again on it; the server has the amounts.
 */
export function mayEarn(m: Pick<Message, 'type' | 'system' | 'sender_id'>, viewerId: string): boolean {
  if (m.type === 'tip_model' || m.type === 'for_model_subscription') return true;
  return !m.system && m.sender_id !== viewerId;
}

/** What a person can send; every other message type is one Cove writes (tips, system lines). */
export const sentMessageType = z.enum(['text', 'gif', 'image', 'video']);
export type SentMessageType = z.infer<typeof sentMessageType>;

export const sendMessageBody = z
  .object({
    type: z._default(sentMessageType, 'text'),
    chat_id: z.optional(z.string()),
    recipient_id: z.string(),
    sender_id: z.optional(z.string()),
    text: z._default(
      z.string().check(z.maxLength(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`)),
      '',
    ),
    gif_url: z.optional(z.string().check(z.maxLength(500))),
    price: z._default(z.int().check(z.gte(0), z.lte(PAID_PRICE_MAX)), 0),
    price_in_dollars: z.optional(z.number()),
    self_destruct: z._default(z.boolean(), false),
    media_id: z.optional(z.string()),
    public_id: z.optional(z.string()),
    width: z.optional(z.number()),
    height: z.optional(z.number()),
    video_length: z.optional(z.number()),
    parent_message_id: z.optional(z.string()),
    /** A bundle: 2 or more items under one price (then `media_id` is ignored: the first item is it). */
    media_items: z.optional(bundleInput),
    /** The client's id for this send: a retry with the same id never makes a second message or charge. */
    send_id: z.string().check(z.minLength(1), z.maxLength(100)),
  })
  .check(z.refine(bundlePreviewNeedsPrice, { message: bundlePreviewMessage, path: ['media_items'] }));
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** A GIF from Cove's library (`GET /v1/gifs?q=`), sent as a gif message's `gif_url`. */
export const gif = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export const gifsResponse = z.object({ data: z.array(gif) });

export const sendMessageResponse = z.object({ data: message, credits: z.int() });
export const messagesPage = z.object({ data: z.array(message), next: z.nullable(z.string()) });
/** A message id as text: a whole number of at most 15 digits, exact in JavaScript and PostgreSQL alike. */
const messageIdText = z.string().check(z.regex(/^\d{1,15}$/, 'must be a message id'));
export const messagesQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
  before: z.optional(messageIdText),
  last_message_id: z.optional(messageIdText),
});
export const messageIdsQuery = z.object({ ids: z.string().check(z.minLength(1)) });
export const buyResponse = z.object({ data: message, credits: z.int() });
export const tipAmount = z.int().check(z.gte(TIP_MIN), z.lte(TIP_MAX));
export const tipBody = z.object({
  chat_id: z.string(),
  amount: tipAmount,
  send_id: z.string().check(z.minLength(1), z.maxLength(100)),
  message: tipNote,
});
/** `POST /v1/feed/{id}/tip`: a tip on a post; it lands in the fan's chat with the creator. */
export const postTipBody = z.object({
  amount: tipAmount,
  send_id: z.string().check(z.minLength(1), z.maxLength(100)),
  message: tipNote,
});
/** A tip on a post that a card payment sends once its money lands (`tip_post` in `POST /v1/payment`). */
export const postTipIntent = z.object({
  feed_id: z.string().check(z.maxLength(100)),
  amount: tipAmount,
  message: tipNote,
});
export type PostTipIntent = z.infer<typeof postTipIntent>;
