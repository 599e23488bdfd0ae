import { type ErrorCode, PINNED_POSTS_MAX } from '@cove/contracts';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedPosts } from '../db/schema';
import { transactionBetween } from '../db/transaction';
import { fail } from '../errors';
import { isUuid } from '../ids';

/** What pinning a post may be refused with: not the caller's live post, or the pins are full. */
export const pinCodes = ['not_found', 'pins_full'] as const satisfies readonly ErrorCode[];

/**
 * `PUT /v1/feed/:id/pin` (`pinned` true) and `DELETE` (false): the creator pins one of their live posts
 * to the top of their profile, up to PINNED_POSTS_MAX at once (docs/rules.md, Post likes, comments and pins), or unpins
 * it. The creator's row is locked first, so two pins cannot both pass the count at 2. Pinning a pinned
 * post, or unpinning one that is not, changes nothing.
 */
export async function setPinned(db: Db, creatorId: string, postId: string, pinned: boolean): Promise<void> {
  if (!isUuid(postId)) throw fail('not_found', 'Post');
  await transactionBetween(db, [creatorId], async (tx) => {
    const [post] = await tx
      .select({ pinnedAt: feedPosts.pinnedAt })
      .from(feedPosts)
      .where(and(eq(feedPosts.id, postId), eq(feedPosts.creatorId, creatorId), isNull(feedPosts.deletedAt)));
    if (!post) throw fail('not_found', 'Post');
    if ((post.pinnedAt !== null) === pinned) return;
    if (pinned) {
      const [row] = await tx
        .select({ n: count() })
        .from(feedPosts)
        .where(
          and(eq(feedPosts.creatorId, creatorId), isNotNull(feedPosts.pinnedAt), isNull(feedPosts.deletedAt)),
        );
      if ((row?.n ?? 0) >= PINNED_POSTS_MAX) throw fail('pins_full');
    }
    await tx
      .update(feedPosts)
      .set({ pinnedAt: pinned ? new Date() : null })
      .where(eq(feedPosts.id, postId));
  });
}
