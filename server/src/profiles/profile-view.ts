import type { Profile } from '@cove/contracts';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { pairOf } from '../chats/chat-store';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { followedBy, outerUserId, reachableCreator } from '../discover/visibility';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { isRestricted } from '../users/user-dto';
import { toPublicCreator } from '../users/public-dto';
import type { ErrorCode } from '@cove/contracts';
import { subscribeOptions } from '../subscriptions/offers/subscribe-options';

const postCount = (type?: 'image' | 'video') =>
  sql<number>`(select count(*)::int from feed_posts p where p.creator_id = ${outerUserId}
    and p.deleted_at is null and p.scheduled_for is null ${type ? sql`and p.type = ${type}` : sql``})`;

/** A profile's counts, as fields of a select over `users`: the same on every view of a profile. */
export const profileCounts = {
  followers: sql<number>`(select count(*)::int from follows f where f.creator_id = ${outerUserId})`,
  posts: postCount(),
  photos: postCount('image'),
  videos: postCount('video'),
};

/**
 * The creator `id` when the viewer may see them: while anyone may reach their page by link (listed in
 * discovery or kept out of it by `no_discover`), whatever their state to whoever has a chat with
 * them, and always to themselves.
 */
export function creatorVisibleTo(viewerId: string, id: string): SQL | undefined {
  const { userLow, userHigh } = pairOf(viewerId, id);
  return and(
    eq(users.id, id),
    eq(users.type, 'featured'),
    or(
      eq(users.id, viewerId),
      reachableCreator,
      sql`exists (select 1 from chats c where c.user_low = ${userLow} and c.user_high = ${userHigh})`,
    ),
  );
}

/**
 * A creator as the viewer sees them, in one query, when `creatorVisibleTo` lets them; anyone else
 * (and every other id) gets 404 'User Cannot Be Found Or Does Not Exist'.
 */
/** What viewing a profile may be refused with. */
export const viewProfileCodes = ['user_not_found'] as const satisfies readonly ErrorCode[];

export async function viewProfile(db: Db, viewerId: string, id: string): Promise<Profile> {
  if (!isUuid(id)) throw fail('user_not_found');
  const { userLow, userHigh } = pairOf(viewerId, id);
  const chatId = sql<string | null>`(select c.id from chats c
    where c.user_low = ${userLow} and c.user_high = ${userHigh})`;
  const [row] = await db
    .select({
      user: users,
      ...profileCounts,
      isFollowee: followedBy(viewerId),
      chatId,
      subscription: sql<{ status: 'active' | 'canceled'; expires_at: string } | null>`(
        select json_build_object('status', s.status,
          'expires_at', to_char(s.current_period_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from subscriptions s
        where s.fan_id = ${viewerId} and s.creator_id = ${outerUserId}
          and s.status in ('active', 'canceled') and s.current_period_end > now())`,
    })
    .from(users)
    .where(creatorVisibleTo(viewerId, id));
  if (!row) throw fail('user_not_found');
  const u = row.user;
  const options = await subscribeOptions(db, viewerId, u, new Date());
  return {
    ...toPublicCreator(u),
    restricted: isRestricted(u),
    counts: { followers: row.followers, posts: row.posts, photos: row.photos, videos: row.videos },
    is_followee: row.isFollowee,
    subscription: row.subscription,
    chat_id: row.chatId,
    subscribe_options: options.map((o) => o.option),
  };
}
