import { and, eq, inArray, isNull } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { accessTokens, pushSubscriptions, users } from '../db/schema';
import type { PushItem } from './notification-for';
import { pushSendQueue, type SendJobData } from './queues';

/**
 * Turns notifications into one send job per endpoint, for users who are offline (no visible socket on
 * any instance: `users.is_online`), whose Notifications setting for the category is on (a record's was
 * decided when it was made), on sessions still signed in, and not banned or terminated. Answers how many sends were queued.
 */
export async function fanOut(db: Db, boss: PgBoss, items: PushItem[]): Promise<number> {
  const userIds = [...new Set(items.map((i) => i.userId))];
  if (userIds.length === 0) return 0;
  const endpoints = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      notifications: users.notifyNotifications,
      payments: users.notifyPayments,
      payouts: users.notifyPayouts,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .innerJoin(accessTokens, eq(accessTokens.id, pushSubscriptions.tokenId))
    .where(
      and(
        inArray(pushSubscriptions.userId, userIds),
        eq(users.isOnline, false),
        isNull(users.bannedAt),
        isNull(users.terminatedAt),
        isNull(accessTokens.revokedAt),
      ),
    );
  if (endpoints.length === 0) return 0;

  const jobs: PgBoss.JobInsert<SendJobData>[] = [];
  for (const item of items) {
    for (const e of endpoints) {
      if (e.userId !== item.userId || (item.category !== null && !e[item.category])) continue;
      jobs.push({ name: pushSendQueue.name, data: { subscriptionId: e.id, payload: item.payload } });
    }
  }
  if (jobs.length > 0) await boss.insert(jobs);
  return jobs.length;
}
