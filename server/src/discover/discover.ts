import { type DiscoverProfile, gender } from '@cove/contracts';
import { and, between, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type UserRow, users } from '../db/schema';
import { discoverOrder, featuredCreator, followedBy, listedCreator } from './visibility';
import { toPublicCreator } from '../users/public-dto';

type Gender = (typeof gender.options)[number];

export interface DiscoverQuery {
  offset: number;
  limit: number;
  featured: boolean;
  q?: string | undefined;
  /** `near`: creators whose local time is close to the viewer's (docs/rules.md "Nearby"). */
  type?: 'near' | undefined;
  gender?: string | undefined;
  code_used?: string | undefined;
}

/** How far apart, in minutes of UTC offset, the Nearby tab reaches (docs/rules.md "Nearby"). */
export const NEARBY_MINUTES = 120;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function toDiscoverProfile(u: UserRow, isFollowee: boolean): DiscoverProfile {
  return { ...toPublicCreator(u), is_followee: isFollowee };
}

/** Who the query lists, whatever the order (docs/rules.md "Discovery" and its tabs). */
function listedFor(viewer: UserRow, q: DiscoverQuery): SQL | undefined {
  const wanted = (q.gender?.split(',') ?? []).filter((g): g is Gender =>
    (gender.options as readonly string[]).includes(g),
  );
  const search = q.q ? `%${escapeLike(q.q)}%` : undefined;
  const offset = viewer.utcOffset;
  return and(
    listedCreator,
    ne(users.id, viewer.id),
    q.featured ? featuredCreator : undefined,
    q.type === 'near' && offset !== null
      ? between(users.utcOffset, offset - NEARBY_MINUTES, offset + NEARBY_MINUTES)
      : undefined,
    search ? or(ilike(users.username, search), ilike(users.bio, search)) : undefined,
    q.gender !== undefined ? inArray(users.gender, wanted.length ? wanted : ['none' as Gender]) : undefined,
  );
}

const order = [...discoverOrder, sql`${users.id}`];

const selection = (viewerId: string) => ({ user: users, isFollowee: followedBy(viewerId) });

/**
 * Creators a person can discover (docs/rules.md "Discovery", "Discover order", "Discover
 * visibility"), in one query with whether the viewer follows each. A referral code (the creator's
 * username) puts that creator first when the query lists them at all; everyone else follows in order,
 * so later pages start one place earlier. The order is an index's (`discover_rank`): a page costs the
 * same with ten creators or a hundred thousand.
 */
export async function discover(db: Db, viewer: UserRow, q: DiscoverQuery) {
  const where = listedFor(viewer, q);
  const [referred] = q.code_used
    ? await db
        .select(selection(viewer.id))
        .from(users)
        .where(and(where, eq(sql`lower(${users.username})`, q.code_used.toLowerCase())))
        .limit(1)
    : [];
  const first = referred && q.offset === 0 ? [referred] : [];
  const rows = await db
    .select(selection(viewer.id))
    .from(users)
    .where(referred ? and(where, ne(users.id, referred.user.id)) : where)
    .orderBy(...order)
    .limit(q.limit - first.length)
    .offset(referred ? Math.max(q.offset - 1, 0) : q.offset);
  const page = [...first, ...rows];
  const next = new URLSearchParams({
    offset: String(q.offset + q.limit),
    limit: String(q.limit),
    featured: String(q.featured),
  });
  if (q.q) next.set('q', q.q);
  if (q.type) next.set('type', q.type);
  if (q.gender !== undefined) next.set('gender', q.gender);
  if (q.code_used) next.set('code_used', q.code_used);
  return {
    data: page.map((r) => toDiscoverProfile(r.user, r.isFollowee)),
    next: page.length === q.limit ? `/v1/users/discover?${next}` : null,
  };
}
