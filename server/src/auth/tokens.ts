import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessTokens, type UserRow, users } from '../db/schema';

/** 256 random bits, URL-safe; the caller gets it once and the database keeps only its hash. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueAccessToken(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(accessTokens).values({ userId, tokenHash: hashToken(token) });
  return token;
}

/** The live user behind a token, or null when the token is unknown, revoked, or its user banned or terminated. */
export async function userForToken(db: Db, token: string): Promise<UserRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const rows = await db
    .select({ user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        isNull(accessTokens.revokedAt),
        isNull(users.bannedAt),
        isNull(users.terminatedAt),
      ),
    )
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function revokeAccessToken(db: Db, token: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), isNull(accessTokens.revokedAt)));
}
