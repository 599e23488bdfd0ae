import * as z from 'zod/mini';
import { formatMoney } from './money';

/**
 * The notifications centre (docs/rules.md, "Notifications"): one record per thing that happened to a
 * person, kept on the server. The centre's list, the bell's count, in-app sale alerts and web pushes
 * all come from these records, and the Notifications settings decide all of them.
 */
export const notificationKinds = [
  /** Messages from one person in one chat, gathered in one record while unread (`count`). */
  'message',
  /** A fan tipped the creator, in a chat or on a post. */
  'tip',
  /** A fan bought the creator's paid message or bundle. */
  'purchase',
  /** A fan unlocked the creator's paid post. */
  'post_purchase',
  'new_follower',
  'new_subscriber',
  'renewal',
  /** A creator the person follows or subscribes to posted. */
  'new_post',
  /** A payout reached the creator. */
  'payout',
  /** Staff decided on the person's creator application (`detail`: approved or rejected). */
  'application',
  /** Staff acted on the person's account or content (`detail` says what). */
  'moderation',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The kinds a creator is told of at once while on any screen, with their amount. */
export const saleKinds: readonly NotificationKind[] = [
  'tip',
  'purchase',
  'post_purchase',
  'new_subscriber',
  'renewal',
];

export const notification = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  /** Who did it (a fan, a creator); null for Cove's own (payouts, staff decisions). */
  actor: z.nullable(
    z.object({ _id: z.string(), username: z.nullable(z.string()), avatar_url: z.nullable(z.string()) }),
  ),
  /** The amount in credits, for money kinds; null otherwise. */
  amount: z.nullable(z.int()),
  /** How many events this record gathers (messages of one chat while unread); 1 otherwise. */
  count: z.int().check(z.gte(1)),
  chat_id: z.nullable(z.string()),
  post_id: z.nullable(z.string()),
  /** A kind's own word: the decision of `application`, what `moderation` did; a free message's preview. */
  detail: z.nullable(z.string()),
  /** The in-app path that opens what it is about. */
  url: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

/** `GET /v1/notifications?before=<id>&limit=20`: newest first. */
export const notificationsQuery = z.object({
  before: z.optional(z.string()),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), 20),
});
export const notificationsPage = z.object({
  data: z.array(notification),
  /** The `before` of the next page, null at the end. */
  next: z.nullable(z.string()),
  /** Unread records in all. */
  unread: z.int(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** `POST /v1/notifications/read`: some records, or all of them. */
export const notificationsReadBody = z.union([
  z.object({ ids: z.array(z.string()).check(z.minLength(1), z.maxLength(100)) }),
  z.object({ all: z.literal(true) }),
]);
export const notificationsReadResponse = z.object({ unread: z.int() });

const name = (n: Notification) => n.actor?.username ?? 'Someone';
const money = (n: Notification) => formatMoney(n.amount ?? 0);

/** What a notification says, on every screen and in a push: one wording for all of them. */
export function notificationText(n: Notification): { title: string; body: string } {
  switch (n.kind) {
    case 'message':
      return {
        title: name(n),
        body: n.count > 1 ? `Sent you ${n.count} messages` : (n.detail ?? 'Sent you a message'),
      };
    case 'tip':
      return { title: 'New tip', body: `${name(n)} tipped you ${money(n)}.` };
    case 'purchase':
      return { title: 'New purchase', body: `${name(n)} bought your message for ${money(n)}.` };
    case 'post_purchase':
      return { title: 'New purchase', body: `${name(n)} unlocked your post for ${money(n)}.` };
    case 'new_follower':
      return { title: 'New follower', body: `${name(n)} followed you.` };
    case 'new_subscriber':
      return {
        title: 'New subscriber',
        // A free trial's subscription is worth nothing yet.
        body: n.amount ? `${name(n)} subscribed for ${money(n)}.` : `${name(n)} started a free trial.`,
      };
    case 'renewal':
      return { title: 'Subscription renewed', body: `${name(n)} renewed for ${money(n)}.` };
    case 'new_post':
      return { title: name(n), body: 'Posted something new.' };
    case 'payout':
      return { title: 'Payout completed', body: `${money(n)} is on its way to you.` };
    case 'application':
      return n.detail === 'approved'
        ? { title: 'Application approved', body: 'You are a Cove creator now.' }
        : { title: 'Application not approved', body: 'See your application for what to change.' };
    case 'moderation':
      return { title: 'A note from Cove', body: n.detail ?? 'Staff reviewed your account.' };
  }
}
