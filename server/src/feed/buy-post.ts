import type { ErrorCode, FeedItem } from '@cove/contracts';
import { eq, sql } from 'drizzle-orm';
import { isBlockedEitherWay } from '../chats/chat-store';
import { rowsOf } from '../db/rows';
import { feedPosts, feedPurchases, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { creditsOf, isBalanceTooLow, postMovement } from '../ledger/ledger';
import type { MediaContext } from '../media';
import { CREATOR_SHARE, notEnoughCredits } from '../messages/charges';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { inAudienceSql, missingFor } from './audience';
import { feedItemById } from './feed-item';
import type { PurchaseDeps } from '../auto-messages/plugin';

/** What unlocking a post may be refused with. */
export const buyPostCodes = [
  'not_found',
  'post_not_for_sale',
  'audience_required',
  'already_unlocked',
  'creator_unavailable',
  'not_enough_credits',
] as const satisfies readonly ErrorCode[];

/**
 * `PATCH /v1/feed/:id/buy`: unlocks a paid post for a viewer in its audience, once. One transaction
 * between buyer and creator (their rows locked in id order): the charge (80% to the creator's
 * earnings, floored, the rest to the platform), the purchase row, whose primary key admits one per
 * (post, buyer), and a `credits_update` for the buyer. Concurrent buys by one person queue on their
 * row; the first commits, the rest find the purchase and are refused.
 */
export async function buyPost(
  deps: EventDeps & PurchaseDeps & { media: MediaContext },
  me: UserRow,
  postId: string,
): Promise<{ data: FeedItem; credits: number }> {
  if (!isUuid(postId)) throw fail('not_found', 'Post');
  const [post] = await deps.db
    .select({ creatorId: feedPosts.creatorId })
    .from(feedPosts)
    .where(eq(feedPosts.id, postId));
  if (!post) throw fail('not_found', 'Post');
  let credits: number;
  let queued = false;
  try {
    credits = await withEvents(
      deps,
      async (tx, emit) => {
        const [state] = rowsOf<{
          price: number;
          audience: keyof typeof missingFor | 'user';
          live: boolean;
          in_audience: boolean;
          bought: boolean;
        }>(
          await tx.execute(sql`
            select p.price, p.audience, p.deleted_at is null as live,
              ${inAudienceSql(me.id, sql`p.audience`, sql`p.creator_id`)} as in_audience,
              exists (select 1 from feed_purchases fp where fp.post_id = p.id and fp.buyer_id = ${me.id}) as bought
            from feed_posts p where p.id = ${postId}`),
        );
        if (!state?.live) throw fail('not_found', 'Post');
        if (post.creatorId === me.id || state.price === 0) throw fail('post_not_for_sale');
        if (!state.in_audience && state.audience !== 'user')
          throw fail('audience_required', missingFor[state.audience]);
        if (state.bought) throw fail('already_unlocked');
        // A block either way stops money between the two, as it stops messages (docs/rules.md, Blocks).
        if (await isBlockedEitherWay(tx, me.id, post.creatorId)) throw fail('creator_unavailable');
        const balance = await creditsOf(tx, me.id);
        if (balance < state.price) throw fail('not_enough_credits', balance);

        const share = Math.floor(state.price * CREATOR_SHARE);
        const charge = await postMovement(tx, {
          kind: 'feed_purchase',
          reference: { post_id: postId },
          idempotencyKey: `feed:${postId}:${me.id}`,
          entries: [
            { account: { owner: me.id, kind: 'credits' }, amount: -state.price },
            { account: { owner: post.creatorId, kind: 'earnings' }, amount: share },
            { account: { owner: null, kind: 'platform_revenue' }, amount: state.price - share },
          ],
        });
        await tx
          .insert(feedPurchases)
          .values({ postId, buyerId: me.id, price: state.price, transactionId: charge.id });
        const left = balance - state.price;
        emit(me.id, { type: 'credits_update', credits: left, amount: -state.price });
        queued = await deps.autoMessages.purchased(tx, me.id, post.creatorId, { kind: 'post', postId });
        return left;
      },
      { between: [me.id, post.creatorId] },
    );
  } catch (err) {
    // A debit elsewhere that took no user lock raced past the balance read: the CHECK refused it.
    if (isBalanceTooLow(err)) throw await notEnoughCredits(deps.db, me.id);
    throw err;
  }
  const data = await feedItemById(deps.media, me.id, postId);
  if (!data) throw fail('not_found', 'Post');
  if (queued) deps.autoMessages.wake();
  return { data, credits };
}
