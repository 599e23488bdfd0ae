import { assertPriceAllowed } from '../provider/price-cap';
import type { ErrorCode, feedPatchBody } from '@cove/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type * as z from '../zod';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { feedPosts, type UserRow } from '../db/schema';
import { transactionBetween } from '../db/transaction';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { liveSubscription } from './audience';
import type { PostDeps } from './create-post';
import { takeBackFanout } from './fanout';
import { feedFanoutQueue } from './fanout-queue';
import { reschedule } from './schedule';

/** What editing a post may be refused with. */
export const editPostCodes = [
  'not_found',
  'price_above_cap',
  'schedule_in_past',
  'schedule_too_far',
  'post_not_scheduled',
] as const satisfies readonly ErrorCode[];

/** What deleting a post may be refused with: it is gone, or subscribers still count on it. */
export const deletePostCodes = [
  'not_found',
  'delete_limit_renewing',
  'delete_limit_ending',
] as const satisfies readonly ErrorCode[];

/** Deletions a creator with subscribers may make in any 30 days (docs/rules.md). */
export const DELETES_PER_30_DAYS = 3;

const ownLivePost = (creatorId: string, postId: string) =>
  and(eq(feedPosts.id, postId), eq(feedPosts.creatorId, creatorId), isNull(feedPosts.deletedAt));

/**
 * `PATCH /v1/feed/:id`: the creator changes their post's text, audience or price, or a scheduled
 * post's time; 404 for anyone else. All of it or nothing.
 */
export async function editPost(
  db: Db,
  creator: UserRow,
  postId: string,
  patch: z.infer<typeof feedPatchBody>,
): Promise<void> {
  if (!isUuid(postId)) throw fail('not_found', 'Post');
  if (patch.price !== undefined) await assertPriceAllowed(db, creator, patch.price);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(feedPosts)
      .set({
        ...(patch.text !== undefined ? { text: patch.text } : {}),
        ...(patch.audience !== undefined ? { audience: patch.audience } : {}),
        ...(patch.price !== undefined ? { price: patch.price } : {}),
        // Set to itself, so a patch of the time alone still finds the post.
        id: sql`${feedPosts.id}`,
      })
      .where(ownLivePost(creator.id, postId))
      .returning({ id: feedPosts.id });
    if (changed.length === 0) throw fail('not_found', 'Post');
    if (patch.publish_at !== undefined) await reschedule(tx, creator.id, postId, patch.publish_at);
  });
}

/**
 * `DELETE /v1/feed/:id`. A creator with live subscribers may delete 3 posts in 30 days; past that
 * the refusal says what would lift it: canceling renewals while any subscription renews, else waiting
 * for the paid periods to end. The creator's row is locked first, so two deletes cannot both pass
 * the count at 2. Followers who had it counted as unread have it taken back (fanout.ts).
 */
export async function deletePost(deps: PostDeps, creatorId: string, postId: string): Promise<void> {
  if (!isUuid(postId)) throw fail('not_found', 'Post');
  await transactionBetween(deps.db, [creatorId], async (tx) => {
    const [post] = await tx
      .select({ scheduledFor: feedPosts.scheduledFor })
      .from(feedPosts)
      .where(ownLivePost(creatorId, postId));
    if (!post) throw fail('not_found', 'Post');
    const [state] = rowsOf<{ renewing: boolean; live: boolean; deleted: number }>(
      await tx.execute(sql`
        select
          exists (select 1 from subscriptions s where s.creator_id = ${creatorId} and s.status = 'active') as renewing,
          exists (select 1 from subscriptions s where s.creator_id = ${creatorId} and ${liveSubscription}) as live,
          (select count(*) from feed_posts p where p.creator_id = ${creatorId}
             and p.deleted_at > now() - interval '30 days' and p.scheduled_for is null)::int as deleted`),
    );
    // A post still scheduled was never seen: taking it back costs nothing (docs/rules.md, Scheduled posts).
    if (
      post.scheduledFor === null &&
      state &&
      (state.renewing || state.live) &&
      state.deleted >= DELETES_PER_30_DAYS
    )
      throw fail(state.renewing ? 'delete_limit_renewing' : 'delete_limit_ending');
    await tx.update(feedPosts).set({ deletedAt: new Date() }).where(eq(feedPosts.id, postId));
    await takeBackFanout(tx, deps.jobs.boss, postId);
  });
  deps.jobs.wake(feedFanoutQueue.name);
}
