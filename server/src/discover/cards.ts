import type { DiscoverCard } from '@cove/contracts';
import { and, ne, sql } from 'drizzle-orm';
import { discoverCardVisits, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import type { MediaContext } from '../media/for-message';
import { creatorVisibleTo } from '../profiles/profile-view';
import { providerConfigFor } from '../provider/provider-config';
import { CARD_POSTS, cardFeeds } from './card-feed';
import { discoverOrder, featuredCreator, listedCreator, outerUserId } from './visibility';
import type { ErrorCode } from '@cove/contracts';

/** Cards queued at once. */
export const CARD_QUEUE = 10;

/**
 * Discover cards (docs/rules.md): for male fans with the `discover_cards` feature, featured
 * creators they neither follow nor were shown (history), best-ranked first, each with their newest
 * public posts. Everyone else gets none.
 */
export async function discoverCards(ctx: MediaContext, viewer: UserRow): Promise<DiscoverCard[]> {
  if (viewer.type !== 'user' || viewer.gender !== 'male') return [];
  const { features } = await providerConfigFor(ctx.db, viewer);
  if (!features.discover_cards) return [];
  const creators = await ctx.db
    .select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl })
    .from(users)
    .where(
      and(
        listedCreator,
        featuredCreator,
        ne(users.id, viewer.id),
        sql`not exists (select 1 from follows f where f.follower_id = ${viewer.id} and f.creator_id = ${outerUserId})`,
        sql`not exists (select 1 from discover_card_visits v where v.user_id = ${viewer.id} and v.creator_id = ${outerUserId})`,
      ),
    )
    .orderBy(...discoverOrder, sql`${outerUserId}`)
    .limit(CARD_QUEUE);
  const feeds = await cardFeeds(ctx, viewer.id, creators);
  return creators.map((c) => {
    const feed = feeds.get(c.id);
    return {
      _id: c.id,
      type: 'featured',
      is_followee: false,
      username: c.username,
      avatar_url: c.avatarUrl,
      profileFeed: feed?.items ?? [],
      next: feed?.more ? `/v1/feed?model_id=${c.id}&offset=${CARD_POSTS}` : null,
    };
  });
}

/** Records that the viewer was shown a creator's card, so it never comes again; 404 for a creator they may not see. */
/** What marking a card visited may be refused with. */
export const markCardVisitedCodes = ['user_not_found'] as const satisfies readonly ErrorCode[];

export async function markCardVisited(ctx: MediaContext, viewerId: string, creatorId: string): Promise<void> {
  if (!isUuid(creatorId)) throw fail('user_not_found');
  const [creator] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(creatorVisibleTo(viewerId, creatorId));
  if (!creator) throw fail('user_not_found');
  await ctx.db.insert(discoverCardVisits).values({ userId: viewerId, creatorId }).onConflictDoNothing();
}
