import type { PublicCreator } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { formerUsernames, type UserRow, users } from '../db/schema';
import { indexableCreator, reachableCreator } from '../discover/visibility';
import { postViews, toFeedItems } from '../feed/feed-item';
import { NOBODY } from '../ids';
import type { MediaContext } from '../media';
import { profileCounts } from '../profiles/profile-view';
import { subscribeOptions } from '../subscriptions/offers/subscribe-options';

/** How many of a creator's newest posts the public page shows (docs/rules.md, Public pages). */
export const PUBLIC_POSTS = 24;

/** A creator a public page name leads to. */
export interface PublicCreatorFound {
  user: UserRow;
  counts: PublicCreator['counts'];
  /** Search engines may list them (not `no_discover`). */
  indexable: boolean;
  /** The name asked for is one they let go: their page is at `user.username` now. */
  moved: boolean;
}

const columns = { user: users, indexable: indexableCreator, ...profileCounts };

/**
 * The reachable creator (docs/rules.md, Public pages) whose username is `name`, in any letter case;
 * else, when nobody holds that name now, the reachable creator who last let it go. Anyone else is
 * nobody's page: null.
 */
export async function findPublicCreator(db: Db, name: string): Promise<PublicCreatorFound | null> {
  const lower = name.toLowerCase();
  const [holder] = await db
    .select({ ...columns, reachable: sql<boolean>`${reachableCreator}` })
    .from(users)
    .where(eq(sql`lower(${users.username})`, lower));
  if (holder) return holder.reachable ? found(holder, false) : null;
  const [former] = await db
    .select(columns)
    .from(formerUsernames)
    .innerJoin(users, eq(users.id, formerUsernames.userId))
    .where(and(eq(formerUsernames.name, lower), reachableCreator));
  return former ? found(former, true) : null;
}

function found(
  row: {
    user: UserRow;
    indexable: boolean;
    followers: number;
    posts: number;
    photos: number;
    videos: number;
  },
  moved: boolean,
): PublicCreatorFound {
  const { user, indexable, followers, posts, photos, videos } = row;
  return { user, indexable, moved, counts: { followers, posts, photos, videos } };
}

/**
 * What anyone may see of a found creator: the profile, its counts and prices, and the newest posts as
 * a visitor who is not signed in sees them (the nil id: no follow, subscription or purchase). A post
 * open to everyone and free comes whole, its media signed for that visitor; every other post is a
 * teaser with no media at all, so not one URL of locked media, blurred or not, leaves here.
 */
export async function publicCreatorView(
  ctx: MediaContext,
  found: PublicCreatorFound,
): Promise<PublicCreator> {
  const { user } = found;
  const views = await postViews(
    ctx.db,
    NOBODY,
    sql`p.creator_id = ${user.id}`,
    { limit: PUBLIC_POSTS, offset: 0 },
    'pinned_first',
  );
  const items = await toFeedItems(ctx, NOBODY, views);
  // As a new fan would be offered them: a visitor has never subscribed.
  const options = await subscribeOptions(ctx.db, null, user, new Date());
  return {
    _id: user.id,
    username: user.username ?? '',
    avatar_url: user.avatarUrl,
    cover_url: user.coverUrl,
    bio: user.bio,
    tags: user.tags,
    credit_rate: user.creditRate,
    subscription_price: user.subscriptionPrice,
    subscribe_options: options.map((o) => o.option),
    counts: found.counts,
    posts: items.map((item) => (item.unlocked ? item : { ...item, media: null })),
  };
}
