import { type DiscoverProfile, gender } from '@cove/contracts';
import { and, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
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
  /** `near`: Cove keeps no locations, so it is the same list (docs/rules.md "Nearby"). */
  type?: 'near' | undefined;
  gender?: string | undefined;
  code_used?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function toDiscoverProfile(u: UserRow, isFollowee: boolean): DiscoverProfile {
  return { ...toPublicCreator(u), is_followee: isFollowee };
}

/**
 * Creators a person can discover (docs/rules.md "Discovery", "Discover order", "Discover
 * visibility"), in one query with whether the viewer follows each. A referral code (the creator's
 * username) puts that creator first when they are listed at all.
 */
export async function discover(db: Db, viewerId: string, q: DiscoverQuery) {
  const wanted = (q.gender?.split(',') ?? []).filter((g): g is Gender =>
    (gender.options as readonly string[]).includes(g),
  );
  const search = q.q ? `%${escapeLike(q.q)}%` : undefined;
  const conditions: (SQL | undefined)[] = [
    listedCreator,
    ne(users.id, viewerId),
    q.featured ? featuredCreator : undefined,
    search ? or(ilike(users.username, search), ilike(users.bio, search)) : undefined,
    q.gender !== undefined ? inArray(users.gender, wanted.length ? wanted : ['none' as Gender]) : undefined,
  ];
  const referred = q.code_used
    ? [sql`(lower(${users.username}) = ${q.code_used.toLowerCase()}) is true desc`]
    : [];
  const rows = await db
    .select({ user: users, isFollowee: followedBy(viewerId) })
    .from(users)
    .where(and(...conditions))
    .orderBy(...referred, ...discoverOrder, sql`${users.id}`)
    .limit(q.limit)
    .offset(q.offset);
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
    data: rows.map((r) => toDiscoverProfile(r.user, r.isFollowee)),
    next: rows.length === q.limit ? `/v1/users/discover?${next}` : null,
  };
}
