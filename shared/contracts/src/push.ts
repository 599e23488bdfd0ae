import * as z from 'zod/mini';

/**
 * Web push (docs/rules.md, "Push notifications"). The shell registers `/service-worker.js`, asks for
 * permission only while it is `default`, and the worker subscribes with the server's VAPID key and
 * hands the subscription to `POST /v1/push/subscriptions`.
 */

/** `GET /v1/push/key`: the VAPID public key (base64url), the push subscription's application server key. */
export const pushKeyResponse = z.object({ public_key: z.string() });

/** A browser's `PushSubscription.toJSON()`, as the worker posts it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/ }).check(z.maxLength(2000)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: z.string().check(z.minLength(1), z.maxLength(200)),
    auth: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** `DELETE /v1/push/subscriptions`: the endpoint to forget. */
export const pushUnsubscribeBody = z.object({ endpoint: z.string().check(z.maxLength(2000)) });

/** What a push carries (encrypted to the subscription): the notification to show and where a click leads. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** An in-app path, opened on click. */
  url: z.string(),
  /** Notifications with one tag replace each other (one per chat). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** The spec's message once notifications are turned on. */
export const pushEnabledNotice = {
  title: 'Notifications enabled',
  body: 'Thank you for enabling notifications!',
} as const;

/** The spec's messages from the page to the service worker. */
export const serviceWorkerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('setup'),
    user_id: z.string(),
    username: z.nullable(z.string()),
    access_token: z.string(),
    api_root: z.string(),
    /** Logs the worker's steps to the console. */
    debug: z.boolean(),
    push_public_key: z.string(),
  }),
  z.object({ type: z.literal('ensureSubscription') }),
  z.object({ type: z.literal('logout') }),
  z.object({ type: z.literal('updateBadge'), count: z.int().check(z.gte(0)) }),
  z.object({ type: z.literal('internalNotification'), subject: z.string(), body: z.string() }),
]);
export type ServiceWorkerMessage = z.infer<typeof serviceWorkerMessage>;

/** The worker's answer to `ensureSubscription`, on the message's port. */
export const subscriptionResult = z.object({ ok: z.boolean() });
