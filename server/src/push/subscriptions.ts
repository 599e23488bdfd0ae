import type { PushSubscriptionBody } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { hashToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { accessTokens, pushSubscriptions } from '../db/schema';
import { fail } from '../errors';
import type { ErrorCode } from '@cove/contracts';

/**
 * Keeps a browser's push endpoint for the user and the session (access token) that sent it. An
 * endpoint is one browser profile: sent again by another account signed in there, it moves to the
 * latest sender, so a shared browser never gets the previous user's notifications. It moves only with
 * proof that the sender holds that browser's subscription: the same keys (the browser makes them with
 * the subscription and gives them only to this site), the same account, or the session that registered
 * it has ended. Knowing the endpoint's address alone (a log line, a leaked URL) takes nobody's pushes.
 */
/** What saving a push subscription may be refused with. */
export const saveSubscriptionCodes = ['push_endpoint_taken'] as const satisfies readonly ErrorCode[];

export async function saveSubscription(
  db: Db,
  userId: string,
  accessToken: string,
  body: PushSubscriptionBody,
): Promise<void> {
  const saved = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into ${pushSubscriptions} (user_id, token_id, endpoint, p256dh, auth)
      select ${userId}, t.id, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth}
      from ${accessTokens} t
      where t.token_hash = ${hashToken(accessToken)} and t.user_id = ${userId} and t.revoked_at is null
      on conflict (endpoint) do update set
        user_id = excluded.user_id, token_id = excluded.token_id,
        p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
      where push_subscriptions.user_id = excluded.user_id
        or (push_subscriptions.p256dh = excluded.p256dh and push_subscriptions.auth = excluded.auth)
        or not exists (select 1 from ${accessTokens} o
          where o.id = push_subscriptions.token_id and o.revoked_at is null)
      returning id`),
  );
  if (saved.length > 0) return;
  const [held] = await db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, body.endpoint));
  if (held && held.userId !== userId) throw fail('push_endpoint_taken');
}

/** Forgets one of the user's endpoints (the browser unsubscribed, or the person turned pushes off). */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
