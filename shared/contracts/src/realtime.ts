import * as z from 'zod/mini';
import { payoutStatus } from './earnings';
import { postStats } from './profiles';
import { mediaStatusEvent } from './media';
import { message } from './message';
import { notification } from './notifications';
import { creditsTopUp, paymentStatus } from './payments';
import { features } from './provider-config';
import { warningKind } from './staff';
import { discoverWarning } from './entities/user';

/**
 * Websocket protocol at `/ws?token=...&since=<seq>`. Every message is a JSON object discriminated by
 * `type`. Logged events carry the user's monotonic `seq`: a client keeps the highest it has applied,
 * reconnects with `since` set to it, and receives everything after it, in order, once. Ephemeral
 * messages (pong, presence, typing) carry no `seq` and are never replayed.
 */

/**
 * The version of this protocol, sent in `init`. Bump it when an event changes in a way an older reader
 * would misread: a page or remote built for another version refuses the socket instead of misapplying it.
 */
export const realtimeProtocolVersion = 1;

export const loggedEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('approved') }),
  z.object({ type: z.literal('onboarding_rejected') }),
  z.object({ type: z.literal('banned') }),
  z.object({ type: z.literal('reported') }),
  /** Staff warned the person (docs/rules.md, Reports and the staff console): the shell opens the spec's
   * global-warning popup, or payment-user-warning for a payment warning. */
  z.object({ type: z.literal('warned'), kind: warningKind, message: z.string() }),
  /** For staff: a report was made or updated; the console's queue refetches. */
  z.object({ type: z.literal('report_filed'), report_id: z.string() }),
  z.object({ type: z.literal('frozen'), frozen: z.boolean() }),
  /** Staff stepped the creator's visibility ladder or lifted it (docs/rules.md, Creator signals). */
  z.object({ type: z.literal('discover_warning'), warning: z.nullable(discoverWarning) }),
  z.object({ type: z.literal('deletion-scheduled'), delete_at: z.nullable(z.string()) }),
  z.object({ type: z.literal('provider_features_update'), features }),
  z.object({ type: z.literal('credits_update'), credits: z.int(), amount: z.int() }),
  z.object({ type: z.literal('email_verified') }),
  /** A crypto top-up was credited (spec: amount, currency, credits, optional fee). */
  z.extend(creditsTopUp, { type: z.literal('credits_top_up'), payment_id: z.string() }),
  /** One of the user's payments moved on (succeeded, failed, refunded...): the payer's pages refetch it. */
  z.object({ type: z.literal('payment_updated'), payment_id: z.string(), status: paymentStatus }),
  z.object({
    type: z.literal('new_message'),
    message,
    // The spec's flat names for a live message: its id, its time, and for a system notice its kind
    // (null otherwise). Added as the event is sent (`onTheWire`); the log keeps only `message`.
    message_id: z.optional(z.string()),
    timestamp: z.optional(z.string()),
    info: z.optional(z.nullable(z.string())),
    /** For its recipient: the message brought back a chat they had hidden, so it comes without an alert. */
    was_hidden: z.optional(z.boolean()),
  }),
  z.object({
    type: z.literal('message_paid'),
    message_id: z.string(),
    chat_id: z.string(),
    destruct_at: z.nullable(z.string()),
  }),
  z.object({ type: z.literal('message_hidden'), message_id: z.string(), chat_id: z.string() }),
  z.object({ type: z.literal('message_deleted'), message_id: z.string(), chat_id: z.string() }),
  z.object({
    type: z.literal('message_read'),
    chat_id: z.string(),
    reader_id: z.string(),
    read_at: z.string(),
  }),
  z.object({
    type: z.literal('unread_messages'),
    unread_messages: z.int(),
    unread_messages_favorites: z.int(),
  }),
  /**
   * A creator the user follows or subscribes to posted: the feed refetches. `unread_feeds` is the
   * user's count after it (docs/rules.md, Home feed); events logged before it was counted lack it.
   */
  z.object({
    type: z.literal('new_feed'),
    model_id: z.string(),
    feed_id: z.string(),
    unread_feeds: z.optional(z.int()),
  }),
  /**
   * A post's likes or shown comments changed: to its creator and to the person who acted, so every
   * card of it on their screens shows the new counts (docs/rules.md, Post likes, comments and pins).
   */
  z.object({
    type: z.literal('post_engagement'),
    feed_id: z.string(),
    like_count: z.int(),
    comment_count: z.int(),
  }),
  /** For a post's creator: its numbers moved (someone was shown it, bought it or tipped on it). */
  z.extend(postStats, { type: z.literal('post_stats'), feed_id: z.string() }),
  /** The user's home-feed count changed without a new post: their feed was read, or a post deleted. */
  z.object({ type: z.literal('unread_feeds'), unread_feeds: z.int() }),
  /** The user's subscription to a creator changed (renewed, lapsed, canceled, ended). */
  z.object({
    type: z.literal('subscription_updated'),
    model_id: z.string(),
    status: z.enum(['active', 'canceled', 'expired']),
  }),
  /** One of the creator's offers was used (a trial link redeemed, a promotion taken): reread them. */
  z.object({ type: z.literal('subscription_offers_updated') }),
  /** The creator's broadcast is over: written to every recipient, or given up as failed with `sent` reached (spec: broadcast_done). */
  z.object({ type: z.literal('broadcast_done'), broadcast_id: z.string(), sent: z.int() }),
  /** One of the creator's payouts moved on (sent, held for the AML form, completed, failed): refetch. */
  z.object({ type: z.literal('payout_updated'), payout_id: z.string(), status: payoutStatus }),
  /** A payout reached the creator (spec: payout_completed; the payout-completed popup). */
  z.object({ type: z.literal('payout_completed'), payout_id: z.string(), amount: z.int() }),
  /** The creator's earnings changed other than by a sale or a payout (a chargeback took a sale back, a referral credit came in): re-read them. */
  z.object({ type: z.literal('earnings_updated') }),
  /** A chat's settings changed (rate, favorite, block, notes): refetch it. */
  z.object({ type: z.literal('chat_updated'), chat_id: z.string() }),
  /** An upload finished processing, or failed (the uploader only). */
  mediaStatusEvent,
  /** A notification record was made or gathered another event (the centre, the bell, sale alerts). */
  z.object({ type: z.literal('notification'), notification }),
  /** The person signed in or out somewhere (a new session, one signed out here or on another device): the sessions list reads again. */
  z.object({ type: z.literal('sessions_updated') }),
  /** For release managers: the registry moved (a publish, canary, promote or rollback from the page, the CLI or the server): the release page reads again. */
  z.object({ type: z.literal('releases_updated') }),
  /** Some of the user's notifications were read, here or on another device: the bell shows `unread`. */
  z.object({ type: z.literal('notifications_read'), unread: z.int() }),
]);
export type LoggedEvent = z.infer<typeof loggedEvent>;
export type LoggedEventType = LoggedEvent['type'];
/** A logged event as it travels: the event plus its place in the user's sequence. */
export type SequencedEvent = LoggedEvent & { seq: number; created_at: string };

/** A logged event as it goes out on the socket: a `new_message` also carries the spec's message_id, timestamp and info. */
export function onTheWire(event: SequencedEvent): SequencedEvent {
  if (event.type !== 'new_message') return event;
  const { message: m } = event;
  return { ...event, message_id: m._id, timestamp: m.created_at, info: m.system ? m.type : null };
}

export const ephemeralMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init'),
    user_id: z.string(),
    last_seq: z.int(),
    /** Servers from before the version was sent spoke version 1. */
    protocol: z._default(z.int(), 1),
    /**
     * True when the log no longer holds what followed the client's `since` (it keeps 30 days and the
     * last 10,000 events per user): nothing is replayed, and the client reloads its state.
     */
    fresh: z.optional(z.boolean()),
  }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('user_online'), user_id: z.string() }),
  z.object({ type: z.literal('user_offline'), user_id: z.string(), last_online: z.string() }),
  z.object({ type: z.literal('typing_start'), chat_id: z.string(), sender_id: z.string() }),
  z.object({ type: z.literal('typing_stop'), chat_id: z.string(), sender_id: z.string() }),
]);
export type EphemeralMessage = z.infer<typeof ephemeralMessage>;

export type ServerMessage = SequencedEvent | EphemeralMessage;

export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('visibility'), state: z.enum(['visible', 'hidden']) }),
  z.object({ type: z.literal('typing_start'), chat_id: z.string() }),
  z.object({ type: z.literal('typing_stop'), chat_id: z.string() }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/**
 * Close codes of the application (4000-4999). The client gives up on 4401 and 4403; after any other
 * (4408: it read too slowly and the server's queue for it passed its limit) it reconnects with `since`.
 */
export const closeCodes = { unauthorized: 4401, banned: 4403, slowConsumer: 4408 } as const;
