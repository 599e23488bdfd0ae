import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions, users } from '../db/schema';
import { liveSubscriptionSql } from './live';
import { toSubscriptionDto } from './subscription-dto';

/** `GET /v1/subscriptions`: the caller's subscriptions that still give access, newest first. */
export async function listSubscriptions(db: Db, fanId: string, q: { limit: number; offset: number }) {
  const where = and(eq(subscriptions.fanId, fanId), sql`${liveSubscriptionSql('subscriptions')}`);
  const [rows, total] = await Promise.all([
    db
      .select({
        row: subscriptions,
        creator: { id: users.id, username: users.username, avatarUrl: users.avatarUrl },
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.creatorId))
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(q.limit)
      .offset(q.offset),
    db.$count(subscriptions, where),
  ]);
  const next =
    q.offset + q.limit < total ? `/v1/subscriptions?limit=${q.limit}&offset=${q.offset + q.limit}` : null;
  return { data: rows.map((r) => toSubscriptionDto(r.row, r.creator)), next, total };
}
