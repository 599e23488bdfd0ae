import type { postLikeResponse } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type * as z from '../zod';
import { retryConflicts } from '../db/transaction';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { postToEngage } from './engage-access';
import { changeCount } from './engagement-counts';

/**
 * `PUT /v1/feed/:id/like` (`liked` true) and `DELETE` (false): the viewer's like on a post they may
 * engage with. Liking twice or unliking what is not liked changes nothing and answers the same.
 */
export async function setLike(
  deps: EventDeps,
  viewerId: string,
  postId: string,
  liked: boolean,
): Promise<z.infer<typeof postLikeResponse>> {
  const post = await postToEngage(deps.db, viewerId, postId);
  const change = liked
    ? sql`insert into post_likes (post_id, user_id) values (${post.id}, ${viewerId})
        on conflict do nothing returning true as counted`
    : sql`delete from post_likes where post_id = ${post.id} and user_id = ${viewerId} returning true as counted`;
  const counts = await retryConflicts(() =>
    withEvents(deps, (tx, emit) =>
      changeCount(tx, emit, post, viewerId, change, 'like_count', liked ? 1 : -1),
    ),
  );
  return { liked, like_count: counts.like_count };
}
