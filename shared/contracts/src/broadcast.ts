import * as z from 'zod/mini';
import { enumWithout } from './enum-without';
import { chatTab } from './chat';
import { bundleInput, bundlePreviewMessage, bundlePreviewNeedsPrice } from './bundle';
import { mediaKind } from './media';
import { PAID_PRICE_MAX } from './message';

/**
 * Broadcasts: one message to many of a creator's chats (spec: chat document, broadcast message and
 * `POST /v1/broadcast/send`; account document, broadcast stats and `broadcast_done`).
 */

/** Which chats a broadcast goes to: the chat list's tabs, as categories (Top spenders is the fans, sorted; never hidden chats). */
export const broadcastCategory = enumWithout(chatTab, ['top', 'hidden']);
export type BroadcastCategory = z.infer<typeof broadcastCategory>;

/** Chat ids, comma-joined (the spec's shape). */
const idList = z.string().check(z.maxLength(200_000));

export const broadcastSendBody = z
  .object({
    category: z._default(broadcastCategory, 'all'),
    /** Only these chats (of the category). */
    ids: z.optional(idList),
    /** All chats of the category except these. */
    except_ids: z.optional(idList),
    /** Only the chats of the people on this list of hers, as it is when the broadcast sends. */
    list_id: z.optional(z.string()),
    type: z._default(z.enum(['text', 'image', 'video']), 'text'),
    text: z._default(z.string().check(z.maxLength(5000)), ''),
    media_id: z.optional(z.string()),
    public_id: z.optional(z.string()),
    price: z._default(z.int().check(z.gte(0), z.lte(PAID_PRICE_MAX)), 0),
    price_in_dollars: z.optional(z.number()),
    self_destruct: z._default(z.boolean(), false),
    width: z.optional(z.number()),
    height: z.optional(z.number()),
    video_length: z.optional(z.number()),
    /** A bundle: 2 or more items under one price (then `media_id` is ignored: the first item is it). */
    media_items: z.optional(bundleInput),
    /** When to send it (ISO time, in the future); now when absent. */
    send_at: z.optional(z.iso.datetime({ offset: true })),
    /** The client's id for this broadcast: a retry never sends a second one. */
    send_id: z.string().check(z.minLength(1), z.maxLength(100)),
  })
  .check(
    z.refine((b) => !(b.ids && b.except_ids), {
      message: 'Give ids or except_ids, not both.',
      path: ['ids'],
    }),
    z.refine(bundlePreviewNeedsPrice, { message: bundlePreviewMessage, path: ['media_items'] }),
  );
export type BroadcastSendBody = z.input<typeof broadcastSendBody>;

/** `failed`: its writing kept throwing and was given up; the recipients written keep their message. */
export const broadcastStatus = z.enum(['scheduled', 'sending', 'sent', 'canceled', 'unsent', 'failed']);

/** One broadcast with its funnel (`GET /v1/broadcast`). */
export const broadcast = z.object({
  _id: z.string(),
  status: broadcastStatus,
  type: z.enum(['text', 'image', 'video']),
  text: z.string(),
  price: z.int(),
  self_destruct: z.boolean(),
  category: broadcastCategory,
  /** The name of the list of hers it went to, when it went to one (null too once the list is deleted). */
  list_name: z.nullable(z.string()),
  /** How many chosen chats it went only to, or went to all but; null when it was not narrowed so. */
  only_chats: z.nullable(z.int()),
  except_chats: z.nullable(z.int()),
  /** A bundle's items, their kinds and lengths in order (null: not a bundle). */
  media_items: z.nullable(z.array(z.object({ type: mediaKind, video_length: z.nullable(z.number()) }))),
  send_at: z.string(),
  /** How many chats it was written to. */
  sent: z.int(),
  /** How many recipients have read it. */
  viewed: z.int(),
  /** How many bought it (paid broadcasts). */
  bought: z.int(),
  /** The creator's earnings from it, in credits. */
  revenue: z.int(),
  created_at: z.string(),
});
export type Broadcast = z.infer<typeof broadcast>;
export const broadcastEnvelope = z.object({ data: broadcast });
export const broadcastsQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
});
export const broadcastsPage = z.object({ data: z.array(broadcast), next: z.nullable(z.string()) });

/** `GET /v1/broadcast/recipients?category=&ids=&except_ids=&list_id=`: how many chats a broadcast would reach. */
export const broadcastRecipientsQuery = z.object({
  category: z._default(broadcastCategory, 'all'),
  ids: z.optional(idList),
  except_ids: z.optional(idList),
  list_id: z.optional(z.string()),
});
export const broadcastRecipientsResponse = z.object({ count: z.int() });
