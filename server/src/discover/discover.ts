import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

const genders = ['male', 'female', 'trans'] as const;
type Gender = (typeof genders)[number];

export interface DiscoverQuery {
  offset: number;
  limit: number;
  featured: boolean;
  q?: string | undefined;
  gender?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Creators a person can discover (docs/rules.md): listed creators who are not invisible, banned,
 * terminated or past deletion; the featured tab keeps those featured (or forced) into discovery.
 * Online first, then most recently seen.
 */
export async function discover(db: Db, viewerId: string, q: DiscoverQuery) {
  const wanted = (q.gender?.split(',') ?? []).filter((g): g is Gender =>
    (genders as readonly string[]).includes(g),
  );
  const conditions: (SQL | undefined)[] = [
    eq(users.type, 'featured'),
    ne(users.id, viewerId),
    eq(users.invisible, false),
    isNull(users.bannedAt),
    isNull(users.terminatedAt),
    isNull(users.deleteAt),
    q.featured
      ? or(eq(users.discoverStatus, 'featured'), eq(users.forceDiscover, true))
      : or(ne(users.discoverStatus, 'denied'), eq(users.forceDiscover, true)),
    q.q ? ilike(users.username, `%${escapeLike(q.q)}%`) : undefined,
    q.gender !== undefined ? inArray(users.gender, wanted.length ? wanted : ['none' as Gender]) : undefined,
  ];
  const rows = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.isOnline), sql`${users.lastOnline} desc nulls last`, asc(users.username))
    .limit(q.limit)
    .offset(q.offset);
  const next = new URLSearchParams({
    offset: String(q.offset + q.limit),
    limit: String(q.limit),
    featured: String(q.featured),
  });
  if (q.q) next.set('q', q.q);
  if (q.gender !== undefined) next.set('gender', q.gender);
  return {
    data: rows.map((u) => ({
      _id: u.id,
      username: u.username,
      type: u.type,
      gender: u.gender,
      avatar_url: u.avatarUrl,
      last_online: u.lastOnline?.toISOString() ?? null,
      is_online: u.isOnline,
      intro_enabled: u.introEnabled,
      tags: u.tags,
      bio: u.bio,
      cover_url: u.coverUrl,
      credit_rate: u.creditRate,
      subscription_price: u.subscriptionPrice,
      // Follows are read with the page by the profiles work; until then nobody is followed.
      is_followee: false,
    })),
    next: rows.length === q.limit ? `/v1/users/discover?${next}` : null,
  };
}
