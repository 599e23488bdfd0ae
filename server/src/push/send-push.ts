import type { PushPayload } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { sendNotification, WebPushError } from 'web-push';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import type { VapidKeys } from './vapid';

/** How long a push service keeps a push for a browser that is not reachable (a day). */
const TTL_SECONDS = 86_400;
/** How long the push service may take to answer before the try fails (and is retried). */
const TIMEOUT_MS = 10_000;

export type SendOutcome = 'sent' | 'gone' | 'refused';

/**
 * Sends one encrypted push to one endpoint. The push service saying the endpoint is unknown or
 * expired (404, 410) deletes the subscription; refusing the request itself (another 4xx but 429)
 * drops this push, as retrying would be refused again. A busy or failing service (429, 5xx) or the
 * network throws, so the job is retried.
 */
export async function sendPush(
  db: Db,
  vapid: VapidKeys,
  subscriptionId: string,
  payload: PushPayload,
): Promise<SendOutcome> {
  const [sub] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
  if (!sub) return 'gone';
  try {
    await sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'high', timeout: TIMEOUT_MS },
    );
    return 'sent';
  } catch (err) {
    if (!(err instanceof WebPushError)) throw err;
    if (err.statusCode === 404 || err.statusCode === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      return 'gone';
    }
    if (err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 429) return 'refused';
    throw err;
  }
}
