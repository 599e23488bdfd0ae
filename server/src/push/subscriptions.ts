import type { PushSubscriptionBody } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { hashToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { accessTokens, pushSubscriptions } from '../db/schema';

/**
 * Keeps a browser's push endpoint for the user and the session (access token) that sent it. An
 * endpoint is one browser profile: sent again (a new key, another account signed in there) it moves
 * to the latest sender, so a shared browser never gets the previous user's notifications.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  accessToken: string,
  body: PushSubscriptionBody,
): Promise<void> {
  await db.execute(sql`
    insert into ${pushSubscriptions} (user_id, token_id, endpoint, p256dh, auth)
    select ${userId}, t.id, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth}
    from ${accessTokens} t
    where t.token_hash = ${hashToken(accessToken)} and t.user_id = ${userId} and t.revoked_at is null
    on conflict (endpoint) do update set
      user_id = excluded.user_id, token_id = excluded.token_id,
      p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`);
}

/** Forgets one of the user's endpoints (the browser unsubscribed, or the person turned pushes off). */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
