import type { ErrorCode } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import { isBlockedEitherWay } from '../chats/chat-store';
import type { Queryable } from '../db/transaction';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { isUnlocked, postViews } from './feed-item';

/** What liking or commenting on a post may be refused with. */
export const engageCodes = [
  'not_found',
  'post_locked',
  'post_engagement_blocked',
] as const satisfies readonly ErrorCode[];

/** A post someone may like or comment on. */
export interface EngageablePost {
  id: string;
  creatorId: string;
}

/**
 * The one home of who may like a post or read and write its comments (docs/rules.md, Post likes,
 * comments and pins): the post is live, the viewer sees it whole (its creator; a free post in their
 * audience; one they bought), and no block stands between them and its creator. A locked post
 * answers `post_locked`: its counts show, but nobody engages with what they have not seen.
 */
export async function postToEngage(db: Queryable, viewerId: string, postId: string): Promise<EngageablePost> {
  if (!isUuid(postId)) throw fail('not_found', 'Post');
  const [view] = await postViews(db, viewerId, sql`p.id = ${postId}`);
  if (!view) throw fail('not_found', 'Post');
  if (!isUnlocked(view, viewerId)) throw fail('post_locked');
  if (view.creator_id !== viewerId && (await isBlockedEitherWay(db, viewerId, view.creator_id)))
    throw fail('post_engagement_blocked');
  return { id: view.id, creatorId: view.creator_id };
}
