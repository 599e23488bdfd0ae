import { type ErrorCode, type FeedItem, formatMoney } from '@cove/contracts';
import { eq, sql } from 'drizzle-orm';
import { isBlockedEitherWay } from '../chats/chat-store';
import { rowsOf } from '../db/rows';
import { feedPosts, feedPurchases, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { creditsOf, isBalanceTooLow, postMovement } from '../ledger/ledger';
import type { MediaContext } from '../media';
import { CREATOR_SHARE, notEnoughCredits } from '../messages/charges';
import { type Emit, type EventDeps, withEvents } from '../realtime/with-events';
import { addNotification } from '../notifications/add';
import type { Queryable, Tx } from '../db/transaction';
import { effectiveAudienceSql, inAudienceSql, missingFor } from './audience';
import { assertNotFrozen } from '../chats/pair-rules';
import { feedItemById } from './feed-item';
import { emitStats } from './post-stats';
import type { PurchaseDeps } from '../auto-messages/plugin';

/** What unlocking a post may be refused with. */
export const buyPostCodes = [
  'not_found',
  'post_not_for_sale',
  'audience_required',
  'already_unlocked',
  'creator_unavailable',
  'not_enough_credits',
  'frozen',
] as const satisfies readonly ErrorCode[];

/** A post as one buyer may buy it: whose it is and what it costs now. */
export interface PostForSale {
  postId: string;
  creatorId: string;
  price: number;
}

/**
 * Whether `me` may buy post `postId` now, or the refusal: it is live and paid, not the buyer's own, in
 * the buyer's audience, not bought yet, and no block stands between the two. The one home of these
 * checks: a purchase in credits and a card payment that will buy the post both ask here.
 */
export async function postForSale(db: Queryable, me: UserRow, postId: string): Promise<PostForSale> {
  if (!isUuid(postId)) throw fail('not_found', 'Post');
  assertNotFrozen(me);
  const [state] = rowsOf<{
    creator_id: string;
    price: number;
    audience: keyof typeof missingFor | 'user';
    live: boolean;
    in_audience: boolean;
    bought: boolean;
  }>(
    await db.execute(sql`
      select p.creator_id, p.price, p.deleted_at is null and p.scheduled_for is null as live,
        ${effectiveAudienceSql(sql`p.audience`, sql`p.creator_id`)} as audience,
        ${inAudienceSql(me.id, sql`p.audience`, sql`p.creator_id`)} as in_audience,
        exists (select 1 from feed_purchases fp where fp.post_id = p.id and fp.buyer_id = ${me.id}) as bought
      from feed_posts p where p.id = ${postId}`),
  );
  if (!state?.live) throw fail('not_found', 'Post');
  if (state.creator_id === me.id || state.price === 0) throw fail('post_not_for_sale');
  if (!state.in_audience && state.audience !== 'user')
    throw fail('audience_required', missingFor[state.audience]);
  if (state.bought) throw fail('already_unlocked');
  // A block either way stops money between the two, as it stops messages (docs/rules.md, Blocks).
  if (await isBlockedEitherWay(db, me.id, state.creator_id)) throw fail('creator_unavailable');
  return { postId, creatorId: state.creator_id, price: state.price };
}

/**
 * Buys the post in the caller's transaction, which holds the buyer's and creator's rows: the checks
 * of `postForSale`, then the charge (80% to the creator's earnings, floored, the rest to the platform),
 * the purchase row, whose primary key admits one per (post, buyer), and a `credits_update` for the
 * buyer. `atMost`: a price the fan agreed to earlier (a card payment's), which the post must not
 * exceed now. Answers the buyer's credits left.
 */
export async function buyPostIn(
  tx: Tx,
  emit: Emit,
  me: UserRow,
  postId: string,
  atMost?: number,
): Promise<number> {
  const post = await postForSale(tx, me, postId);
  if (atMost !== undefined && post.price > atMost)
    throw fail('price_changed', formatMoney(atMost), formatMoney(post.price));
  const balance = await creditsOf(tx, me.id);
  if (balance < post.price) throw fail('not_enough_credits', balance);

  const share = Math.floor(post.price * CREATOR_SHARE);
  const charge = await postMovement(tx, {
    kind: 'feed_purchase',
    reference: { post_id: postId },
    idempotencyKey: `feed:${postId}:${me.id}`,
    entries: [
      { account: { owner: me.id, kind: 'credits' }, amount: -post.price },
      { account: { owner: post.creatorId, kind: 'earnings' }, amount: share },
      { account: { owner: null, kind: 'platform_revenue' }, amount: post.price - share },
    ],
  });
  await tx
    .insert(feedPurchases)
    .values({ postId, buyerId: me.id, price: post.price, transactionId: charge.id });
  const left = balance - post.price;
  emit(me.id, { type: 'credits_update', credits: left, amount: -post.price });
  await addNotification(tx, emit, [post.creatorId], {
    kind: 'post_purchase',
    actorId: me.id,
    amount: post.price,
    postId,
    url: `/chats/${me.id}`,
  });
  await emitStats(tx, emit, [{ id: postId, creator_id: post.creatorId }]);
  return left;
}

/**
 * `PATCH /v1/feed/:id/buy`: unlocks a paid post for a viewer in its audience, once, in one transaction
 * between buyer and creator (their rows locked in id order, `buyPostIn`). Concurrent buys by one person
 * queue on their row; the first commits, the rest find the purchase and are refused.
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
        const left = await buyPostIn(tx, emit, me, postId);
        // The purchase and its trigger's job commit together.
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
