import type { ErrorCode, PostStats } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { type Queryable, retryConflicts } from '../db/transaction';
import { fail } from '../errors';
import { isUuid, NOBODY } from '../ids';
import { type Emit, type EventDeps, withEvents } from '../realtime/with-events';

/** What reading a post's numbers may be refused with: anyone but its creator finds no post. */
export const postStatsCodes = ['not_found'] as const satisfies readonly ErrorCode[];

/**
 * Posts' numbers (docs/rules.md, Post statistics): views as counted by `recordViews`, likes as the
 * post keeps them, purchases, and
 * the creator's earnings entries of those purchases and of the tips given on the post (each tip's
 * charge is keyed `tip:` and the fan's copy of the tip message).
 */
export async function statsOf(db: Queryable, postIds: string[]): Promise<Map<string, PostStats>> {
  const stats = new Map<string, PostStats>();
  if (postIds.length === 0) return stats;
  const rows = rowsOf<PostStats & { id: string }>(
    await db.execute(sql`
      select p.id, p.view_count as views, p.like_count as likes,
        (select count(*)::int from feed_purchases fp where fp.post_id = p.id) as unlocks,
        (select coalesce(sum(e.amount), 0)::int
          from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where a.owner_id = p.creator_id and a.kind = 'earnings' and e.transaction_id in (
            select fp.transaction_id from feed_purchases fp where fp.post_id = p.id
            union all
            select t.id from messages m join ledger_transactions t on t.idempotency_key = 'tip:' || m.id
            where m.tip_post_id = p.id and m.type = 'tip_user')) as revenue
      from feed_posts p where p.id = any(${`{${postIds.join(',')}}`}::uuid[])`),
  );
  for (const { id, views, likes, unlocks, revenue } of rows)
    stats.set(id, { views, likes, unlocks, revenue });
  return stats;
}

/** Tells each post's creator its numbers now, in the caller's transaction. */
export async function emitStats(
  tx: Queryable,
  emit: Emit,
  posts: { id: string; creator_id: string }[],
): Promise<void> {
  const stats = await statsOf(
    tx,
    posts.map((p) => p.id),
  );
  for (const p of posts) {
    const s = stats.get(p.id);
    if (s) emit(p.creator_id, { type: 'post_stats', feed_id: p.id, ...s });
  }
}

/** Tells a post's creator its numbers after a change made elsewhere (a tip on it). */
export async function sendStats(deps: EventDeps, postId: string): Promise<void> {
  await withEvents(deps, async (tx, emit) => {
    const posts = rowsOf<{ id: string; creator_id: string }>(
      await tx.execute(sql`select id, creator_id from feed_posts where id = ${postId}`),
    );
    await emitStats(tx, emit, posts);
  });
}

/**
 * `viewerId` was shown these posts in a feed, on a profile or by a link (docs/rules.md, Post
 * statistics): each post not their own counts them once, ever. The view's row wins its primary key
 * once however many requests race; only the winner moves the post's count, its rows locked in id
 * order, and tells the creator.
 */
export async function recordViews(
  deps: EventDeps,
  viewerId: string,
  posts: { _id: string; model_id: string }[],
): Promise<void> {
  if (viewerId === NOBODY) return;
  const ids = [...new Set(posts.filter((p) => p.model_id !== viewerId).map((p) => p._id))].sort();
  if (ids.length === 0) return;
  await retryConflicts(() =>
    withEvents(deps, async (tx, emit) => {
      const counted = rowsOf<{ id: string; creator_id: string }>(
        await tx.execute(sql`
          with seen as (
            insert into feed_post_views (post_id, viewer_id)
            select unnest(${`{${ids.join(',')}}`}::uuid[]), ${viewerId}
            on conflict do nothing
            returning post_id
          ), locked as (
            select p.id from feed_posts p join seen s on s.post_id = p.id order by p.id for no key update of p
          )
          update feed_posts p set view_count = p.view_count + 1 from locked l where p.id = l.id
          returning p.id, p.creator_id`),
      );
      await emitStats(tx, emit, counted);
    }),
  );
}

/** `GET /v1/feed/:id/stats`: a post's numbers, for its creator; 404 for anyone else. */
export async function readStats(db: Queryable, me: string, postId: string) {
  if (!isUuid(postId)) throw fail('not_found', 'Post');
  const [own] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from feed_posts
      where id = ${postId} and creator_id = ${me} and deleted_at is null`),
  );
  const stats = own && (await statsOf(db, [own.id])).get(own.id);
  if (!stats) throw fail('not_found', 'Post');
  return { data: { feed_id: postId, ...stats } };
}
