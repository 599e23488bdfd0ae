import * as z from 'zod';
import { chatTab } from './chat';
import { bundleInput, bundlePreviewMessage, bundlePreviewNeedsPrice } from './bundle';
import { mediaKind } from './media';
import { PAID_PRICE_MAX } from './message';

/**
 * Broadcasts: one message to many of a creator's chats (spec: chat document, broadcast message and
 * `POST /v1/broadcast/send`; account document, broadcast stats and `broadcast_done`).
 */

/** Which chats a broadcast goes to: the chat list's tabs, as categories (Top spenders is the fans, sorted; never hidden chats). */
export const broadcastCategory = chatTab.exclude(['top', 'hidden']);
export type BroadcastCategory = z.infer<typeof broadcastCategory>;

/** Chat ids, comma-joined (the spec's shape). */
const idList = z.string().max(200_000);

export const broadcastSendBody = z
  .object({
    category: broadcastCategory.default('all'),
    /** Only these chats (of the category). */
    ids: idList.optional(),
    /** All chats of the category except these. */
    except_ids: idList.optional(),
    /** Only the chats of the people on this list of hers, as it is when the broadcast sends. */
    list_id: z.string().optional(),
    type: z.enum(['text', 'image', 'video']).default('text'),
    text: z.string().max(5000).default(''),
    media_id: z.string().optional(),
    public_id: z.string().optional(),
    price: z.number().int().min(0).max(PAID_PRICE_MAX).default(0),
    price_in_dollars: z.number().optional(),
    self_destruct: z.boolean().default(false),
    width: z.number().optional(),
    height: z.number().optional(),
    video_length: z.number().optional(),
    /** A bundle: 2 or more items under one price (then `media_id` is ignored: the first item is it). */
    media_items: bundleInput.optional(),
    /** When to send it (ISO time, in the future); now when absent. */
    send_at: z.string().datetime({ offset: true }).optional(),
    /** The client's id for this broadcast: a retry never sends a second one. */
    send_id: z.string().min(1).max(100),
  })
  .refine((b) => !(b.ids && b.except_ids), { message: 'Give ids or except_ids, not both.', path: ['ids'] })
  .refine(bundlePreviewNeedsPrice, { message: bundlePreviewMessage, path: ['media_items'] });
export type BroadcastSendBody = z.input<typeof broadcastSendBody>;

/** `failed`: its writing kept throwing and was given up; the recipients written keep their message. */
export const broadcastStatus = z.enum(['scheduled', 'sending', 'sent', 'canceled', 'unsent', 'failed']);

/** One broadcast with its funnel (`GET /v1/broadcast`). */
export const broadcast = z.object({
  _id: z.string(),
  status: broadcastStatus,
  type: z.enum(['text', 'image', 'video']),
  text: z.string(),
  price: z.number().int(),
  self_destruct: z.boolean(),
  category: broadcastCategory,
  /** The name of the list of hers it went to, when it went to one (null too once the list is deleted). */
  list_name: z.string().nullable(),
  /** How many chosen chats it went only to, or went to all but; null when it was not narrowed so. */
  only_chats: z.number().int().nullable(),
  except_chats: z.number().int().nullable(),
  /** A bundle's items, their kinds and lengths in order (null: not a bundle). */
  media_items: z.array(z.object({ type: mediaKind, video_length: z.number().nullable() })).nullable(),
  send_at: z.string(),
  /** How many chats it was written to. */
  sent: z.number().int(),
  /** How many recipients have read it. */
  viewed: z.number().int(),
  /** How many bought it (paid broadcasts). */
  bought: z.number().int(),
  /** The creator's earnings from it, in credits. */
  revenue: z.number().int(),
  created_at: z.string(),
});
export type Broadcast = z.infer<typeof broadcast>;
export const broadcastEnvelope = z.object({ data: broadcast });
export const broadcastsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const broadcastsPage = z.object({ data: z.array(broadcast), next: z.string().nullable() });

/** `GET /v1/broadcast/recipients?category=&ids=&except_ids=&list_id=`: how many chats a broadcast would reach. */
export const broadcastRecipientsQuery = z.object({
  category: broadcastCategory.default('all'),
  ids: idList.optional(),
  except_ids: idList.optional(),
  list_id: z.string().optional(),
});
export const broadcastRecipientsResponse = z.object({ count: z.number().int() });
