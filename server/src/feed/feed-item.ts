import type { Audience, FeedItem } from '@cove/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { media, type MediaRow } from '../db/schema';
import { describeMedia } from '../media/descriptor';
import type { MediaContext } from '../media';
import { boughtSql, effectiveAudienceSql, inAudienceSql, likedSql, missingFor, tippedSql } from './audience';
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

const newestFirst = (row: SQL) => sql`${row}.created_at desc, ${row}.id desc`;
const pinnedFirst = (row: SQL) => sql`${row}.pinned_at desc nulls last, ${newestFirst(row)}`;

/**
 * The page's feed_posts rows. Pinned first takes the few pinned posts (docs/rules.md, Post likes, comments and pins)
 * and the newest unpinned ones up to the page's end, each from an index, then cuts the page from those.
 */
function pageSql(where: SQL, page: { limit: number; offset: number }, order: PostOrder): SQL {
  const live = sql`p.deleted_at is null and ${where}`;
  if (order === 'newest')
    return sql`select p.* from feed_posts p where ${live}
      order by ${newestFirst(sql`p`)} limit ${page.limit} offset ${page.offset}`;
  return sql`select p.* from (
      (select p.* from feed_posts p where ${live} and p.pinned_at is not null)
      union all
      (select p.* from feed_posts p where ${live} and p.pinned_at is null
        order by ${newestFirst(sql`p`)} limit ${page.limit + page.offset})
    ) p
    order by ${pinnedFirst(sql`p`)} limit ${page.limit} offset ${page.offset}`;
}

/**
 * Live posts matching `where` (over `p`, the feed_posts row), newest first (or pinned first), as
 * `viewerId` stands towards each. The page is cut first, so the rights are worked out for its rows only.
 */
export async function postViews(
  db: Queryable,
  viewerId: string,
  where: SQL,
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
  order: PostOrder = 'newest',
): Promise<PostView[]> {
  return rowsOf<PostView>(
    await db.execute(sql`
      with page as (${pageSql(where, page, order)})
      select page.id, page.creator_id, page.type, page.text, page.media_id, page.price,
        ${effectiveAudienceSql(sql`page.audience`, sql`page.creator_id`)} as audience,
        page.created_at, u.username, u.avatar_url,
        ${inAudienceSql(viewerId, sql`page.audience`, sql`page.creator_id`)} as in_audience,
        ${boughtSql(viewerId, sql`page.id`)} as bought,
        ${tippedSql(viewerId, sql`page.id`)} as tipped,
        page.like_count, page.comment_count, page.pinned_at is not null as pinned,
        ${likedSql(viewerId, sql`page.id`)} as liked
      from page join users u on u.id = page.creator_id
      order by ${order === 'newest' ? newestFirst(sql`page`) : pinnedFirst(sql`page`)}`),
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
 * the blurred preview of its media, hides its text but for a paid post's teaser, and says what
 * unlocks it. Media URLs are signed
 * for the viewer; the media routes check the same rights again (src/media/access.ts).
 */
export async function toFeedItems(
  ctx: MediaContext,
  viewerId: string,
  views: PostView[],
): Promise<FeedItem[]> {
  const ids = [...new Set(views.flatMap((v) => (v.media_id ? [v.media_id] : [])))];
  const rows = ids.length ? await ctx.db.select().from(media).where(inArray(media.id, ids)) : [];
  const byId = new Map<string, MediaRow>(rows.map((r) => [r.id, r]));
  return views.map((v) => {
    const unlocked = isUnlocked(v, viewerId);
    const row = v.media_id ? byId.get(v.media_id) : undefined;
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
    };
  });
}

/** One live post as the viewer sees it, or null. */
export async function feedItemById(
  ctx: MediaContext,
  viewerId: string,
  postId: string,
): Promise<FeedItem | null> {
  const [view] = await postViews(ctx.db, viewerId, sql`p.id = ${postId}`);
  if (!view) return null;
  const [item] = await toFeedItems(ctx, viewerId, [view]);
  return item ?? null;
}
