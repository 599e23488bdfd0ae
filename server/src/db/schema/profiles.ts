import { integer, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey, zeroInt } from './columns';
import { ledgerTransactions } from './ledger';
import { media } from './media';
import { userRef } from './user-ref';
import { users } from './users';

/** Tables of migration 0014: see its comments for the rules the database keeps. */

export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id'),
    creatorId: userRef('creator_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.creatorId] })],
);

export const feedPosts = pgTable('feed_posts', {
  id: uuidPrimaryKey(),
  creatorId: userRef('creator_id'),
  type: text('type', { enum: ['text', 'image', 'video', 'avatar'] }).notNull(),
  text: text('text').notNull().default(''),
  mediaId: uuid('media_id').references(() => media.id),
  audience: text('audience', { enum: ['user', 'follower', 'subscriber', 'fan'] })
    .notNull()
    .default('user'),
  price: zeroInt('price'),
  sendId: text('send_id'),
  createdAt: createdAt(),
  deletedAt: timestamptz('deleted_at'),
  /** Migration 0050: kept by the statements that add or take away a like or a shown comment. */
  likeCount: zeroInt('like_count'),
  commentCount: zeroInt('comment_count'),
  /** When the creator pinned it to the top of their profile. */
  pinnedAt: timestamptz('pinned_at'),
  /** Migration 0051: the time a scheduled post waits for; null once it is published. */
  scheduledFor: timestamptz('scheduled_for'),
  /** Migration 0051: how many people it was shown to (feed_post_views). */
  viewCount: zeroInt('view_count'),
});
export type FeedPostRow = typeof feedPosts.$inferSelect;

/** Migration 0051: a post's photos and videos after its cover (`feed_posts.media_id`), from position 1. */
export const feedPostMedia = pgTable(
  'feed_post_media',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => feedPosts.id),
    position: smallint('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.position] }),
    unique('feed_post_media_once').on(t.postId, t.mediaId),
  ],
);

/** Migration 0051: one view per viewer per post (docs/rules.md, Post statistics). */
export const feedPostViews = pgTable(
  'feed_post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => feedPosts.id),
    viewerId: userRef('viewer_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.viewerId] })],
);

export const feedPurchases = pgTable(
  'feed_purchases',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => feedPosts.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    price: integer('price').notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.buyerId] })],
);

/** Migration 0050: one like per person and post. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => feedPosts.id),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** Migration 0050: comments on posts; a hidden one is seen by its author and the post's creator only. */
export const postComments = pgTable('post_comments', {
  id: uuidPrimaryKey(),
  postId: uuid('post_id')
    .notNull()
    .references(() => feedPosts.id),
  authorId: userRef('author_id'),
  text: text('text').notNull(),
  hiddenAt: timestamptz('hidden_at'),
  createdAt: createdAt(),
});
export type PostCommentRow = typeof postComments.$inferSelect;

export const subscriptions = pgTable('subscriptions', {
  id: uuidPrimaryKey(),
  fanId: uuid('fan_id')
    .notNull()
    .references(() => users.id),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => users.id),
  status: text('status', { enum: ['active', 'canceled', 'expired'] }).notNull(),
  price: integer('price').notNull(),
  period: integer('period').notNull().default(1),
  currentPeriodEnd: timestamptz('current_period_end').notNull(),
  canceledAt: timestamptz('canceled_at'),
  /** The send id of the subscribe that started the current run (migration 0015). */
  sendId: text('send_id'),
  /** The current period's length in months: a bundle's 3, 6 or 12, else 1 (migration 0052). */
  months: smallint('months').notNull().default(1),
  /** What the current period cost: a bundle's or promotion's total, 0 for a trial (migration 0052). */
  periodPaid: integer('period_paid').notNull(),
  /** The free-trial link that started the run, if one did (migration 0052). */
  trialLinkId: uuid('trial_link_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const discoverCardVisits = pgTable(
  'discover_card_visits',
  {
    userId: userRef('user_id'),
    creatorId: userRef('creator_id'),
    visitedAt: timestamptz('visited_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.creatorId] })],
);

/** Names creators let go, for their old page links' redirect (migration 0048). */
export const formerUsernames = pgTable('former_usernames', {
  name: text('name').primaryKey(),
  userId: userRef('user_id'),
  changedAt: timestamptz('changed_at').notNull().defaultNow(),
});
