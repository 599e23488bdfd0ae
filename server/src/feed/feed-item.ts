import type { Audience, FeedItem } from '@cove/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { describeMedia } from '../media/descriptor';
import type { MediaContext } from '../media';
import { boughtSql, effectiveAudienceSql, inAudienceSql, likedSql, missingFor, tippedSql } from './audience';
import { countOf, itemsOf } from './post-media';
import { statsOf } from './post-stats';
import { teaserOf, wordsIn } from './teaser';

type Queryable = Pick<Db, 'execute'>;

/** A post with its creator's name and how one viewer stands towards it. */
export interface PostView {
  id: string;
  creator_id: string;
  type: FeedItem['type'];
  text: string;
  media_id: string | null;
  audience: Audience;
  price: number;
  created_at: Date | string;
  scheduled_for: Date | string | null;
  username: string | null;
  avatar_url: string | null;
  in_audience: boolean;
  bought: boolean;
  tipped: number;
  like_count: number;
  comment_count: number;
  liked: boolean;
  pinned: boolean;
}

/** How a page of posts is ordered: newest first, or a creator's pinned posts first (their profile). */
export type PostOrder = 'newest' | 'pinned_first';

/**
 * Which posts a read may show (docs/rules.md, Scheduled posts): published ones, the viewer's own
 * scheduled ones (their Scheduled list, soonest first), or either, for the viewer's own.
 */
type Scope = 'published' | 'scheduled' | 'any';

const scopeSql = (scope: Scope, viewerId: string) =>
  scope === 'published'
    ? sql`p.scheduled_for is null`
    : scope === 'scheduled'
      ? sql`p.scheduled_for is not null and p.creator_id = ${viewerId}`
      : sql`(p.scheduled_for is null or p.creator_id = ${viewerId})`;

const newestFirst = (row: SQL) => sql`${row}.created_at desc, ${row}.id desc`;
const pinnedFirst = (row: SQL) => sql`${row}.pinned_at desc nulls last, ${newestFirst(row)}`;
const soonestFirst = (row: SQL) => sql`${row}.scheduled_for, ${row}.id`;

/** A page's order over `row`: a Scheduled list by time to come, else newest or pinned first. */
const orderOf = (scope: Scope, order: PostOrder) =>
  scope === 'scheduled' ? soonestFirst : order === 'newest' ? newestFirst : pinnedFirst;

interface PageOf {
  limit: number;
  offset: number;
  scope?: Scope;
}

/**
 * The page's feed_posts rows. Pinned first takes the few pinned posts (docs/rules.md, Post likes, comments and pins)
 * and the newest unpinned ones up to the page's end, each from an index, then cuts the page from those.
 */
function pageSql(where: SQL, viewerId: string, page: PageOf, order: PostOrder): SQL {
  const scope = page.scope ?? 'published';
  const live = sql`p.deleted_at is null and ${scopeSql(scope, viewerId)} and ${where}`;
  const rowOrder = orderOf(scope, order);
  if (rowOrder !== pinnedFirst)
    return sql`select p.* from feed_posts p where ${live}
      order by ${rowOrder(sql`p`)} limit ${page.limit} offset ${page.offset}`;
  return sql`select p.* from (
      (select p.* from feed_posts p where ${live} and p.pinned_at is not null)
      union all
      (select p.* from feed_posts p where ${live} and p.pinned_at is null
        order by ${newestFirst(sql`p`)} limit ${page.limit + page.offset})
    ) p
    order by ${pinnedFirst(sql`p`)} limit ${page.limit} offset ${page.offset}`;
}

/**
 * Live posts matching `where` (over `p`, the feed_posts row), newest first (or pinned first, or a
 * Scheduled list soonest first), as `viewerId` stands towards each. The page is cut first, so the
 * rights are worked out for its rows only.
 */
export async function postViews(
  db: Queryable,
  viewerId: string,
  where: SQL,
  page: PageOf = { limit: 1, offset: 0 },
  order: PostOrder = 'newest',
): Promise<PostView[]> {
  const rowOrder = orderOf(page.scope ?? 'published', order);
  return rowsOf<PostView>(
    await db.execute(sql`
      with page as (${pageSql(where, viewerId, page, order)})
      select page.id, page.creator_id, page.type, page.text, page.media_id, page.price,
        ${effectiveAudienceSql(sql`page.audience`, sql`page.creator_id`)} as audience,
        page.created_at, page.scheduled_for, u.username, u.avatar_url,
        ${inAudienceSql(viewerId, sql`page.audience`, sql`page.creator_id`)} as in_audience,
        ${boughtSql(viewerId, sql`page.id`)} as bought,
        ${tippedSql(viewerId, sql`page.id`)} as tipped,
        page.like_count, page.comment_count, page.pinned_at is not null as pinned,
        ${likedSql(viewerId, sql`page.id`)} as liked
      from page join users u on u.id = page.creator_id
      order by ${rowOrder(sql`page`)}`),
  );
}

/**
 * The creator sees all of their posts; others, a free post in their audience, or one they bought (a
 * purchase is kept, like a bought message, even after they leave the audience).
 */
export const isUnlocked = (v: PostView, viewerId: string) =>
  v.creator_id === viewerId || v.bought || (v.in_audience && v.price === 0);

/**
 * Posts as one viewer sees them (docs/rules.md, "Locked posts"): a locked post keeps its price and
 * the blurred preview of its cover, says how many photos and videos it holds but describes none of
 * the others, hides its text but for a paid post's teaser, and says what unlocks it. An open post
 * lists every item. Media URLs are signed for the viewer; the media routes check the same rights
 * again (src/media/access.ts). The viewer's own posts carry their numbers and scheduled time.
 */
export async function toFeedItems(
  ctx: MediaContext,
  viewerId: string,
  views: PostView[],
): Promise<FeedItem[]> {
  const items = await itemsOf(ctx.db, views);
  const stats = await statsOf(
    ctx.db,
    views.filter((v) => v.creator_id === viewerId).map((v) => v.id),
  );
  return views.map((v) => {
    const unlocked = isUnlocked(v, viewerId);
    const rows = items.get(v.id) ?? [];
    const row = rows[0];
    const own = stats.get(v.id);
    return {
      _id: v.id,
      type: v.type,
      model_id: v.creator_id,
      username: v.username,
      avatar_url: v.avatar_url,
      text: unlocked ? v.text : '',
      // A locked post for sale shows its first line and how much there is to read (Paid posts).
      ...(unlocked ? {} : { words: wordsIn(v.text), ...(v.price > 0 ? { teaser: teaserOf(v.text) } : {}) }),
      audience: v.audience,
      price: v.price,
      media: row ? describeMedia(ctx.signer, row, viewerId, unlocked ? 'full' : 'locked') : null,
      unlocked,
      unlock_by: unlocked ? null : v.in_audience ? 'buy' : missingFor[v.audience as keyof typeof missingFor],
      tipped: Number(v.tipped),
      like_count: v.like_count,
      comment_count: v.comment_count,
      liked: v.liked,
      pinned: v.pinned,
      created_at: new Date(v.created_at).toISOString(),
      ...(rows.length > 0 ? { media_count: countOf(rows) } : {}),
      ...(unlocked && rows.length > 0
        ? { media_items: rows.map((r) => describeMedia(ctx.signer, r, viewerId, 'full')) }
        : {}),
      ...(v.scheduled_for ? { scheduled_for: new Date(v.scheduled_for).toISOString() } : {}),
      ...(own ? { stats: own } : {}),
    };
  });
}

/** One live post as the viewer sees it (its creator also while it is scheduled), or null. */
export async function feedItemById(
  ctx: MediaContext,
  viewerId: string,
  postId: string,
): Promise<FeedItem | null> {
  const [view] = await postViews(ctx.db, viewerId, sql`p.id = ${postId}`, {
    limit: 1,
    offset: 0,
    scope: 'any',
  });
  if (!view) return null;
  const [item] = await toFeedItems(ctx, viewerId, [view]);
  return item ?? null;
}
