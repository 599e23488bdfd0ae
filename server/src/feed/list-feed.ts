import type { ErrorCode, feedPage, feedQuery } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from '../zod';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import type { MediaContext } from '../media';
import { liveSubscription, subscribesSql } from './audience';
import { postViews, toFeedItems } from './feed-item';

/** What reading a feed may be refused with. */
export const listFeedCodes = ['validation', 'user_not_found'] as const satisfies readonly ErrorCode[];

type FeedQuery = z.infer<typeof feedQuery>;

/**
 * `GET /v1/feed`: one creator's posts (`model_id`), or those of every creator the viewer follows or
 * subscribes to, newest first (one creator's: pinned first), each as the viewer sees it. `media` keeps the image or video posts.
 */
export async function listFeed(
  ctx: MediaContext,
  viewerId: string,
  q: FeedQuery,
): Promise<z.infer<typeof feedPage>> {
  let isSubscribed = false;
  let whose;
  if (q.model_id !== undefined) {
    if (!isUuid(q.model_id)) throw fail('validation', 'query.model_id: must be a user id');
    const [creator] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, q.model_id), eq(users.type, 'featured')));
    if (!creator) throw fail('user_not_found');
    const [row] = rowsOf<{ subscribed: boolean }>(
      await ctx.db.execute(sql`select ${subscribesSql(viewerId, sql`${creator.id}::uuid`)} as subscribed`),
    );
    isSubscribed = row?.subscribed ?? false;
    whose = sql`p.creator_id = ${creator.id}`;
  } else {
    // A list of creators first, so each one's posts come from the (creator_id, created_at) index.
    whose = sql`p.creator_id in (
      select f.creator_id from follows f where f.follower_id = ${viewerId}
      union
      select s.creator_id from subscriptions s where s.fan_id = ${viewerId} and ${liveSubscription})`;
  }
  const kind = q.media ? sql`p.type = ${q.media}` : sql`true`;
  // One row more than asked tells whether there is a next page.
  // A creator's Feed tab shows their pinned posts first; their photos, videos and the home feed go by date.
  const order = q.model_id !== undefined && !q.media ? 'pinned_first' : 'newest';
  const views = await postViews(
    ctx.db,
    viewerId,
    sql`${whose} and ${kind}`,
    { limit: q.limit + 1, offset: q.offset },
    order,
  );
  const next = new URLSearchParams({ limit: String(q.limit), offset: String(q.offset + q.limit) });
  if (q.model_id !== undefined) next.set('model_id', q.model_id);
  if (q.media) next.set('media', q.media);
  return {
    data: await toFeedItems(ctx, viewerId, views.slice(0, q.limit)),
    next: views.length > q.limit ? `/v1/feed?${next}` : null,
    is_subscribed: isSubscribed,
  };
}
