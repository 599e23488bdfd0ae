import { type SQL, sql } from 'drizzle-orm';

/**
 * How a viewer stands towards creators, as SQL over a column holding the creator's id (docs/rules.md,
 * "Feed audience"). One place for the feed's listing, its purchases and the media routes, so a post
 * and its media files always follow the same rights.
 */

/** The viewer follows the creator. */
export const followsSql = (viewerId: string, creatorId: SQL) =>
  sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.creator_id = ${creatorId})`;

/** A subscriptions row `s` that gives access now: active, or canceled until its paid period ends. */
export const liveSubscription = sql`(s.status = 'active' or (s.status = 'canceled' and s.current_period_end > now()))`;

/**
 * Whose home feed counts a creator's post (docs/rules.md, Home feed): followers and live subscribers
 * whose follow or subscription was made by the time of the post, as rows of `id`, each once.
 */
export const countedAudienceSql = (creatorId: SQL, postedAt: SQL) => sql`
  select f.follower_id as id from follows f where f.creator_id = ${creatorId} and f.created_at <= ${postedAt}
  union
  select s.fan_id from subscriptions s where s.creator_id = ${creatorId} and s.created_at <= ${postedAt}
    and ${liveSubscription}`;

/** The viewer subscribes to the creator. */
export const subscribesSql = (viewerId: string, creatorId: SQL) =>
  sql`exists (select 1 from subscriptions s where s.fan_id = ${viewerId} and s.creator_id = ${creatorId}
    and ${liveSubscription})`;

/**
 * The viewer has paid the creator anything: a subscription row (every one was paid for at least once,
 * whatever its status now), or one ledger transaction that took the viewer's credits and paid the
 * creator's earnings (chat charges, tips, unlocks, subscriptions: all through `charge_fan` or
 * `postMovement`). The walk starts from the viewer's own credit account and its debits only
 * (`ledger_entries_account_idx`), then finds each debit's sibling entries by transaction
 * (`ledger_entries_transaction_idx`): its cost grows with what this viewer ever spent, never with the
 * creator's earnings history, which is the long side for a popular creator. A refund moves money the
 * other way and so does not count. A one-credit charge whose creator share rounds to 0 leaves no
 * earnings entry, and does not make a fan.
 */
export const paidSql = (viewerId: string, creatorId: SQL) => sql`(
  exists (select 1 from subscriptions s where s.fan_id = ${viewerId} and s.creator_id = ${creatorId})
  or exists (
    select 1
    from ledger_accounts fa
    join ledger_entries fe on fe.account_id = fa.id and fe.amount < 0
    join ledger_entries ce on ce.transaction_id = fe.transaction_id and ce.amount > 0
    join ledger_accounts ca on ca.id = ce.account_id
    where fa.owner_id = ${viewerId} and fa.kind = 'credits'
      and ca.owner_id = ${creatorId} and ca.kind = 'earnings'))`;

/**
 * A post's audience as it applies now (docs/rules.md, Private feed): a creator with `private_feed` on
 * shows every post to her subscribers only, so one for everyone or for followers narrows to
 * `subscriber`; the post keeps its own audience for when she turns it off.
 */
export const effectiveAudienceSql = (audience: SQL, creatorId: SQL) => sql`(case
  when ${audience} in ('user', 'follower')
    and (select u.private_feed from users u where u.id = ${creatorId}) then 'subscriber'
  else ${audience} end)`;

/**
 * Whether the viewer is in the audience of a post, given SQL for its audience and creator columns.
 * The creator is in every audience of their own posts. Each relation is only evaluated for the
 * audience that needs it.
 */
export const inAudienceSql = (viewerId: string, audience: SQL, creatorId: SQL) => sql`(
  ${creatorId} = ${viewerId} or case ${effectiveAudienceSql(audience, creatorId)}
    when 'user' then true
    when 'follower' then ${followsSql(viewerId, creatorId)} or ${subscribesSql(viewerId, creatorId)}
    when 'subscriber' then ${subscribesSql(viewerId, creatorId)}
    when 'fan' then ${paidSql(viewerId, creatorId)}
    else false end)`;

/** Whether the viewer bought the post whose id `postId` holds. */
export const boughtSql = (viewerId: string, postId: SQL) =>
  sql`exists (select 1 from feed_purchases fp where fp.post_id = ${postId} and fp.buyer_id = ${viewerId})`;

/** Credits a viewer has tipped on a post: the sum of their tip lines naming it (migration 0039's index). */
export const tippedSql = (viewerId: string, postId: SQL) =>
  sql`(select coalesce(sum(m.cost), 0)::int from messages m
    where m.tip_post_id = ${postId} and m.sender_id = ${viewerId} and m.type = 'tip_user')`;

/** Whether the viewer likes the post whose id `postId` holds. */
export const likedSql = (viewerId: string, postId: SQL) =>
  sql`exists (select 1 from post_likes l where l.post_id = ${postId} and l.user_id = ${viewerId})`;

/** What a viewer outside a post's audience lacks, by audience ('user' takes everyone signed in). */
export const missingFor = { follower: 'follow', subscriber: 'subscribe', fan: 'fan' } as const;
