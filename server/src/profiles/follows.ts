import { and, count, eq, sql } from 'drizzle-orm';
import type { TriggerDeps } from '../auto-messages/plugin';
import { addNotification } from '../notifications/add';
import { type EventDeps, withEvents } from '../realtime/with-events';
import type { Db } from '../db/client';
import { follows, users } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { outerUserId } from '../discover/visibility';
import { creatorVisibleTo } from './profile-view';
import type { ErrorCode } from '@cove/contracts';

async function followers(db: Db, creatorId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.creatorId, creatorId));
  return row?.n ?? 0;
}

/** What following or unfollowing may be refused with. */
export const followCodes = ['user_not_found', 'own_follow'] as const satisfies readonly ErrorCode[];

/**
 * Follows or unfollows a creator the viewer may see (anyone else: 404), free and idempotent. A
 * creator one already follows can be unfollowed whatever their state since.
 */
export async function setFollow(
  { db, realtime, autoMessages }: EventDeps & TriggerDeps,
  viewerId: string,
  creatorId: string,
  follow: boolean,
) {
  if (!isUuid(creatorId)) throw fail('user_not_found');
  if (creatorId === viewerId) throw fail('own_follow');
  const followed = sql`exists (select 1 from follows f
    where f.follower_id = ${viewerId} and f.creator_id = ${outerUserId})`;
  const [creator] = await db
    .select({ id: users.id })
    .from(users)
    .where(follow ? creatorVisibleTo(viewerId, creatorId) : and(eq(users.id, creatorId), followed));
  if (creator) {
    if (follow) {
      // The follow, its notification and its trigger's job commit together; following again tells no one.
      const queued = await withEvents({ db, realtime }, async (tx, emit) => {
        const added = await tx
          .insert(follows)
          .values({ followerId: viewerId, creatorId })
          .onConflictDoNothing()
          .returning({ creatorId: follows.creatorId });
        if (added.length > 0)
          await addNotification(tx, emit, [creatorId], {
            kind: 'new_follower',
            actorId: viewerId,
            url: `/chats/${viewerId}`,
          });
        return autoMessages.fire(tx, 'new_follower', creatorId, viewerId);
      });
      if (queued) autoMessages.wake();
    } else {
      await db.delete(follows).where(and(eq(follows.followerId, viewerId), eq(follows.creatorId, creatorId)));
    }
  } else if (follow) {
    throw fail('user_not_found');
  } else {
    // Not followed: unfollowing is a no-op for a creator one may see, 404 for anyone else.
    const [visible] = await db
      .select({ id: users.id })
      .from(users)
      .where(creatorVisibleTo(viewerId, creatorId));
    if (!visible) throw fail('user_not_found');
  }
  return { is_followee: follow, followers: await followers(db, creatorId) };
}
