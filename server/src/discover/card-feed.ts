import type { FeedItem } from '@cove/contracts';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { media, type MediaRow } from '../db/schema';
import { describeMedia } from '../media/descriptor';
import type { MediaContext } from '../media/for-message';
import { likedSql } from '../feed/audience';

/** Posts shown on a card: the newest ones everyone may see whole. */
export const CARD_POSTS = 3;

interface PostRow {
  id: string;
  creator_id: string;
  type: 'image' | 'video';
  text: string;
  media_id: string;
  created_at: Date;
  total: number;
  like_count: number;
  comment_count: number;
  liked: boolean;
  pinned: boolean;
}

export interface CardCreator {
  id: string;
  username: string | null;
  avatarUrl: string | null;
}

/**
 * Each creator's newest public posts (photos and videos for everyone, free, not deleted), in one
 * query, as the viewer's feed items: all free and in their audience, so never locked. `more` says
 * whether the creator has further such posts.
 */
export async function cardFeeds(
  ctx: MediaContext,
  viewerId: string,
  creators: CardCreator[],
): Promise<Map<string, { items: FeedItem[]; more: boolean }>> {
  const feeds = new Map(creators.map((c) => [c.id, { items: [] as FeedItem[], more: false }]));
  if (creators.length === 0) return feeds;
  const ids = sql.join(
    creators.map((c) => sql`${c.id}::uuid`),
    sql`, `,
  );
  const posts = rowsOf<PostRow>(
    await ctx.db.execute(sql`
      select id, creator_id, type, text, media_id, created_at, total::int, like_count, comment_count,
        pinned_at is not null as pinned, ${likedSql(viewerId, sql`ranked.id`)} as liked
      from (
        select p.*, row_number() over w as n, count(*) over (partition by p.creator_id) as total
        from feed_posts p
        where p.creator_id in (${ids}) and p.deleted_at is null and p.scheduled_for is null
          and p.type in ('image', 'video') and p.audience = 'user' and p.price = 0
        window w as (partition by p.creator_id order by p.created_at desc, p.id desc)
      ) ranked
      where n <= ${CARD_POSTS}
      order by creator_id, created_at desc, id desc`),
  );
  const mediaIds = [...new Set(posts.map((p) => p.media_id))];
  const mediaRows = mediaIds.length
    ? await ctx.db.select().from(media).where(inArray(media.id, mediaIds))
    : [];
  const byId = new Map<string, MediaRow>(mediaRows.map((m) => [m.id, m]));
  const creatorById = new Map(creators.map((c) => [c.id, c]));
  for (const p of posts) {
    const feed = feeds.get(p.creator_id);
    const creator = creatorById.get(p.creator_id);
    const row = byId.get(p.media_id);
    if (!feed || !creator) continue;
    feed.more = p.total > CARD_POSTS;
    feed.items.push({
      _id: p.id,
      type: p.type,
      model_id: p.creator_id,
      username: creator.username,
      avatar_url: creator.avatarUrl,
      text: p.text,
      audience: 'user',
      price: 0,
      media: row ? describeMedia(ctx.signer, row, viewerId, 'full') : null,
      unlocked: true,
      unlock_by: null,
      like_count: p.like_count,
      comment_count: p.comment_count,
      liked: p.liked,
      pinned: p.pinned,
      created_at: new Date(p.created_at).toISOString(),
    });
  }
  return feeds;
}
