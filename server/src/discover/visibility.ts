import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * The listed user's id, always qualified: drizzle writes a column inside a select's fields without its
 * table, which a subquery over a table with an `id` of its own would take for that one.
 */
export const outerUserId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;

/** The user's effective `no_discover`: their own override, else the provider's default (provider-config.ts). */
const noDiscover = sql`coalesce(
  (${users.features} ->> 'no_discover')::boolean,
  (select (default_features ->> 'no_discover')::boolean from provider_settings where id = 1),
  false)`;

/** users/user-dto.ts `isRestricted` for a creator, in SQL. */
const restricted = sql`((${users.requiresModeration} and not ${users.idVerified}
  and (${users.idVerificationStatus} is null or ${users.idVerificationStatus} = 'pending'))
  or ${users.discoverStatus} = 'denied')`;

/**
 * A creator whose page anyone may reach by link (docs/rules.md, Public pages): not invisible, banned,
 * terminated or scheduled for deletion, and not restricted unless staff forced them into discovery.
 * The public page, a profile by id and discovery all start from this.
 */
export const reachableCreator: SQL = sql`(${users.type} = 'featured'
  and not ${users.invisible}
  and ${users.bannedAt} is null and ${users.terminatedAt} is null and ${users.deleteAt} is null
  and (${users.forceDiscover} or not ${restricted}))`;

/**
 * Whether search engines and the sitemap may list a reachable creator: not with `no_discover`, which
 * keeps a creator out of every listing but leaves their page open to whoever has the link.
 */
export const indexableCreator: SQL<boolean> = sql<boolean>`(not ${noDiscover})`;

/**
 * A creator anyone may find in discovery (docs/rules.md "Discovery" and "Discover visibility"): a
 * reachable creator without `no_discover`.
 */
export const listedCreator: SQL = sql`(${reachableCreator} and ${indexableCreator})`;

/** The featured tab (and discover cards): staff featured them, or forced them into discovery. */
export const featuredCreator: SQL = sql`(${users.discoverStatus} = 'featured' or ${users.forceDiscover})`;

/**
 * Discover order (docs/rules.md): the database keeps each creator's place as `discover_rank`
 * (functions/discover/discover-rank.sql: online now; seen within 72 hours; most active; most recently
 * seen), and the users_discover indexes keep it in order; ties by username.
 */
export const discoverOrder: SQL[] = [
  sql`${sql.identifier('users')}.discover_rank desc`,
  sql`${users.username} asc`,
];

/** Whether the viewer follows the user of the row. */
export const followedBy = (viewerId: string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.creator_id = ${outerUserId})`;

/**
 * A creator's place in the Everyone tab (1 = first; docs/rules.md, Creator signals), or null when
 * they are not listed: the listed creators ahead of them in the discover order, plus one. Counted on
 * the users_discover index.
 */
export async function discoverPlace(db: Db, creatorId: string): Promise<number | null> {
  const rank = sql`${sql.identifier('users')}.discover_rank`;
  const [me] = await db
    .select({
      listed: sql<boolean>`${listedCreator}`,
      rank: sql<string>`${rank}::text`,
      username: users.username,
    })
    .from(users)
    .where(eq(users.id, creatorId));
  if (!me?.listed) return null;
  const ahead = await db.$count(
    users,
    and(
      listedCreator,
      or(
        sql`${rank} > ${me.rank}::bigint`,
        and(sql`${rank} = ${me.rank}::bigint`, sql`${users.username} < ${me.username ?? ''}`),
      ),
    ),
  );
  return ahead + 1;
}
