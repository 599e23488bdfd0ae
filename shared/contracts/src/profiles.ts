import * as z from 'zod/mini';
import { enumWithout } from './enum-without';
import { CHAT_RATE_MAX } from './chat';
import { discoverProfile } from './discover';
import { mediaDescriptor } from './media';
import { PAID_PRICE_MAX } from './message';
import { subscribeOptions } from './subscription-offers';

/**
 * Creators' profiles, follows, the feed and subscriptions (spec: account document, feed item,
 * profile user, subscription; chat document, discover). Prices are raw credits (a tenth of a dollar).
 */

export const BIO_MAX_LENGTH = 500;
export const SUBSCRIPTION_PRICE_MAX = 10_000;
/** A subscription's period in days: charged at once, renewed at its end (docs/rules.md, Subscription). */
export const SUBSCRIPTION_PERIOD_DAYS = 30;

/** What a creator sets about themselves (`PATCH /v1/users/profile`); each field is optional. */
export const profilePatchBody = z.partial(
  z.strictObject({
    bio: z
      .string()
      .check(z.trim(), z.maxLength(BIO_MAX_LENGTH, `must be at most ${BIO_MAX_LENGTH} characters`)),
    /** Monthly subscription price in credits; 0 turns subscriptions off. */
    subscription_price: z.int().check(z.gte(0), z.lte(SUBSCRIPTION_PRICE_MAX)),
    /** Credits a fan pays per message in new chats. */
    credit_rate: z.int().check(z.gte(0), z.lte(CHAT_RATE_MAX)),
    /** A ready uploaded photo's media id (`POST /v1/media`, type message) to use as avatar or cover. */
    avatar_media_id: z.uuid(),
    cover_media_id: z.uuid(),
    /** The crop of the avatar or cover, as fractions of the photo (0..1). */
    avatar_crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
    cover_crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  }),
);
export type ProfilePatch = z.infer<typeof profilePatchBody>;

/** A creator as others see them (`GET /v1/users/{id}/profile`; spec: profile user). */
export const profile = z.extend(discoverProfile, {
  /** Awaiting approval or denied discovery (docs/rules.md, Restricted creators): takes no new subscribers. */
  restricted: z.boolean(),
  counts: z.object({
    followers: z.int(),
    posts: z.int(),
    photos: z.int(),
    videos: z.int(),
  }),
  /** The viewer's subscription to them, if any. */
  subscription: z.nullable(z.object({ status: z.enum(['active', 'canceled']), expires_at: z.string() })),
  /** The viewer's chat with them, if one exists. */
  chat_id: z.nullable(z.string()),
  /** What the viewer may subscribe with now: a month (at a promotion's price if they may have it) and bundles. */
  subscribe_options: subscribeOptions,
});
export type Profile = z.infer<typeof profile>;
export const profileEnvelope = z.object({ data: profile });

/** Follow (`PATCH /v1/users/{id}/follow`) and unfollow (`DELETE /v1/users/{id}/follow`). */
export const followResponse = z.object({ is_followee: z.boolean(), followers: z.int() });

// ---- Feed ---------------------------------------------------------------------------------------

/** Who sees a post: anyone signed in, followers, subscribers, or fans (people who paid the creator). */
export const audience = z.enum(['user', 'follower', 'subscriber', 'fan']);
export type Audience = z.infer<typeof audience>;
export const feedItemType = z.enum(['text', 'image', 'video', 'avatar']);

/** The most photos and videos one post holds (docs/rules.md, Post media). */
export const POST_MEDIA_MAX = 10;
/** How far ahead a post may be scheduled, in days (docs/rules.md, Scheduled posts). */
export const SCHEDULE_DAYS_MAX = 90;

/**
 * A post's numbers, for its creator only (docs/rules.md, Post statistics): people it was shown to,
 * purchases, and the creator's earnings from those and from tips on it, in credits.
 */
export const postStats = z.object({ views: z.int(), likes: z.int(), unlocks: z.int(), revenue: z.int() });
export type PostStats = z.infer<typeof postStats>;
/** `GET /v1/feed/{id}/stats`. */
export const postStatsEnvelope = z.object({ data: z.extend(postStats, { feed_id: z.string() }) });

/** How many photos and videos a post holds: what a locked post says it gives ("5 photos · 1 video"). */
export const mediaCount = z.object({ images: z.int(), videos: z.int() });
export type MediaCount = z.infer<typeof mediaCount>;

/** One feed post as a viewer sees it (spec: feed item). */
export const feedItem = z.object({
  _id: z.string(),
  type: feedItemType,
  model_id: z.string(),
  username: z.nullable(z.string()),
  avatar_url: z.nullable(z.string()),
  text: z.string(),
  /** A locked paid post's first line, so nothing is bought blind (docs/rules.md, Paid posts). */
  teaser: z.optional(z.string()),
  /** How many words the whole text holds: what unlocking a locked post gives to read. */
  words: z.optional(z.int()),
  audience,
  /** Credits to unlock it; 0 when it is not sold. */
  price: z.int(),
  /** The media, locked (blurred preview only) when the viewer may not see it. */
  media: z.nullable(mediaDescriptor),
  /** Whether the viewer can see the whole post. */
  unlocked: z.boolean(),
  /** What the viewer lacks, when locked: follow, subscribe or buy. */
  unlock_by: z.nullable(z.enum(['follow', 'subscribe', 'buy', 'fan'])),
  /** Credits the viewer has tipped on it (a profile's feed says; a discover card does not). */
  tipped: z.optional(z.int()),
  /** People who like it, and comments shown to everyone (docs/rules.md, Post likes, comments and pins). */
  like_count: z.int(),
  comment_count: z.int(),
  /** Whether the viewer likes it. */
  liked: z.boolean(),
  /** The creator pinned it: first on their profile, marked "Pinned". */
  pinned: z.boolean(),
  created_at: z.string(),
  /** Every photo and video in order (the first is `media`), when the viewer may see them. */
  media_items: z.optional(z.array(mediaDescriptor)),
  /** How many photos and videos it holds, locked or not. */
  media_count: z.optional(mediaCount),
  /** For its creator: when a scheduled post comes out (it is seen by nobody else until then). */
  scheduled_for: z.optional(z.string()),
  /** For its creator: its numbers, live over `post_stats` events. */
  stats: z.optional(postStats),
});
export type FeedItem = z.infer<typeof feedItem>;

export const feedQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), 20),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
  /** One creator's posts; without it, posts of creators the viewer follows or subscribes to. */
  model_id: z.optional(z.string().check(z.maxLength(100))),
  /** Only posts with this kind of media (the profile's photos and videos tabs). */
  media: z.optional(z.enum(['image', 'video'])),
});
export const feedPage = z.object({
  data: z.array(feedItem),
  next: z.nullable(z.string()),
  /** Whether the viewer subscribes to `model_id`. */
  is_subscribed: z.boolean(),
});

export const newFeedBody = z.object({
  type: enumWithout(feedItemType, ['avatar']),
  text: z._default(z.string().check(z.trim(), z.maxLength(2000)), ''),
  media_id: z.optional(z.uuid()),
  /** Several photos and videos in order, instead of `media_id`; the first one's kind is `type`. */
  media_ids: z.optional(z.array(z.uuid()).check(z.minLength(1), z.maxLength(POST_MEDIA_MAX))),
  audience: z._default(audience, 'user'),
  price: z._default(z.int().check(z.gte(0), z.lte(PAID_PRICE_MAX)), 0),
  /** The client's id for this post: a retry never makes a second one. */
  send_id: z.string().check(z.minLength(1), z.maxLength(100)),
  /** When to publish it (ISO time with an offset; stored in UTC), instead of now. */
  publish_at: z.optional(z.iso.datetime({ offset: true })),
});
export const feedPatchBody = z.partial(
  z.strictObject({
    text: z.string().check(z.trim(), z.maxLength(2000)),
    audience,
    price: z.int().check(z.gte(0), z.lte(100_000)),
    /** A new time for a post still scheduled. */
    publish_at: z.iso.datetime({ offset: true }),
  }),
);
export const feedItemEnvelope = z.object({ data: feedItem });
/** `GET /v1/feed/scheduled`: the caller's scheduled posts, soonest first. */
export const scheduledPosts = z.object({ data: z.array(feedItem) });
/** `PATCH /v1/feed/{id}/buy`: unlock a paid post with credits. */
export const feedBuyResponse = z.object({ data: feedItem, credits: z.int() });

/** `PUT` / `DELETE /v1/feed/{id}/like`: the viewer's like and the post's count after it. */
export const postLikeResponse = z.object({ liked: z.boolean(), like_count: z.int() });

/** The most a creator pins at once (docs/rules.md, Post likes, comments and pins). */
export const PINNED_POSTS_MAX = 3;
/** `PUT` / `DELETE /v1/feed/{id}/pin`. */
export const postPinResponse = z.object({ pinned: z.boolean() });

/** The longest comment, in characters. */
export const COMMENT_MAX = 500;

/** One comment on a post as a viewer sees it. */
export const postComment = z.object({
  _id: z.string(),
  post_id: z.string(),
  author: z.object({ _id: z.string(), username: z.nullable(z.string()), avatar_url: z.nullable(z.string()) }),
  text: z.string(),
  /** Hidden by the post's creator: only its author and the creator see it, marked so. */
  hidden: z.boolean(),
  /** The viewer may delete it: their own, or any on their own post. */
  can_delete: z.boolean(),
  /** The viewer may hide or unhide it: the post's creator. */
  can_hide: z.boolean(),
  created_at: z.string(),
});
export type PostComment = z.infer<typeof postComment>;

export const commentsQuery = z.object({
  order: z._default(z.enum(['newest', 'oldest']), 'newest'),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), 20),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
});
export const commentsPage = z.object({
  data: z.array(postComment),
  next: z.nullable(z.string()),
  /** The post's count after it: comments everyone sees. */
  comment_count: z.int(),
});
export const newCommentBody = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(COMMENT_MAX)),
});
export const postCommentEnvelope = z.object({ data: postComment, comment_count: z.int() });
/** `PATCH /v1/feed/{id}/comments/{comment_id}`: the post's creator hides or shows a comment. */
export const commentPatchBody = z.strictObject({ hidden: z.boolean() });
export const commentDeleteResponse = z.object({ comment_count: z.int() });

// ---- Subscriptions ------------------------------------------------------------------------------

/** One of the viewer's subscriptions (spec: status, user with _id). */
export const subscription = z.object({
  _id: z.string(),
  status: z.enum(['active', 'canceled']),
  user: z.object({ _id: z.string(), username: z.nullable(z.string()), avatar_url: z.nullable(z.string()) }),
  /** The monthly price it renews at. */
  price: z.int(),
  /** Access ends (canceled) or renews (active) then. */
  expires_at: z.string(),
  created_at: z.string(),
  /** The current period's length in months (a bundle's 3, 6 or 12, else 1). */
  months: z.int(),
  /** Whether the current run began with a free trial. */
  trial: z.boolean(),
});
export type Subscription = z.infer<typeof subscription>;
export const subscriptionsQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
});
export const subscriptionsPage = z.object({
  data: z.array(subscription),
  next: z.nullable(z.string()),
  total: z.int(),
});
/**
 * `POST /v1/subscriptions {model_id, send_id}`: subscribe with credits, for a month or a bundle's
 * `months`. `total`: the credits the fan saw and confirmed; a different price now is refused.
 */
export const subscribeBody = z.object({
  model_id: z.string().check(z.maxLength(100)),
  send_id: z.string().check(z.minLength(1), z.maxLength(100)),
  months: z.optional(z.union([z.literal(1), z.literal(3), z.literal(6), z.literal(12)])),
  total: z.optional(z.int().check(z.gte(1))),
});
export const subscribeResponse = z.object({ data: subscription, credits: z.int() });
/** `DELETE /v1/subscriptions?ids=a,b`: cancel; access lasts to the end of the paid period. */
export const cancelSubscriptionsQuery = z.object({
  ids: z.string().check(z.minLength(1), z.maxLength(4000)),
});
export const cancelSubscriptionsResponse = z.object({ canceled: z.int() });

// ---- Discover cards -----------------------------------------------------------------------------

/** A discover card (spec: _id, type featured, is_followee, username, profileFeed, next feed url). */
export const discoverCard = z.object({
  _id: z.string(),
  type: z.literal('featured'),
  is_followee: z.boolean(),
  username: z.nullable(z.string()),
  avatar_url: z.nullable(z.string()),
  profileFeed: z.array(feedItem),
  next: z.nullable(z.string()),
});
export type DiscoverCard = z.infer<typeof discoverCard>;
/** `GET /v1/discover/cards`: the queue of cards not yet visited; `POST /v1/discover/cards/{id}/visited`. */
export const discoverCardsResponse = z.object({ data: z.array(discoverCard) });
