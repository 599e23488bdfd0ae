import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { feedPosts } from './profiles';

/**
 * Migration 0042: how far a post's unread count has been carried to its creator's followers and
 * subscribers (`adding`, then `added`), or taken back once it is deleted (`removing`, then `removed`;
 * only from those up to `until_user_id` when the adding had not finished). `after_user_id` is the
 * last person reached by the running pass.
 */
export const feedFanouts = pgTable('feed_fanouts', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => feedPosts.id),
  state: text('state', { enum: ['adding', 'added', 'removing', 'removed'] }).notNull(),
  afterUserId: uuid('after_user_id'),
  untilUserId: uuid('until_user_id'),
  createdAt: createdAt(),
});
