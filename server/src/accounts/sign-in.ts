import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInLinks, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { hashToken, issueAccessToken, newToken } from '../auth/tokens';
import type { ErrorCode } from '@cove/contracts';
import { hasFactor } from '../second-factor/factor';

/** What asking for a sign-in link may be refused with. */
export const signInCodes = [
  'invalid_email',
  'terms_required',
  'suspended',
] as const satisfies readonly ErrorCode[];

/** What redeeming a sign-in link may be refused with. */
export const redeemCodes = [
  'link_invalid',
  'link_expired',
  'link_used',
  'gone',
  'suspended',
] as const satisfies readonly ErrorCode[];

export const LINK_TTL_MS = 60 * 60 * 1000;

// A practical address check: one @, a dotted domain, no spaces; the mail server has the last word.
const emailPattern = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!emailPattern.test(email) || email.length > 254) throw fail('invalid_email');
  return email;
}

const byEmail = async (db: Db, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
  )[0];

/**
 * Finds the account for an email, creating a fan account on first use: only for a person who
 * confirmed they are 18 or older and accepted the terms, which is recorded.
 */
export async function findOrCreateUser(db: Db, email: string, acceptedTerms: boolean): Promise<UserRow> {
  const existing = await byEmail(db, email);
  if (existing) return existing;
  if (!acceptedTerms) throw fail('terms_required');
  await db.insert(users).values({ email, termsAcceptedAt: new Date() }).onConflictDoNothing();
  const row = await byEmail(db, email);
  if (!row) throw new Error('user vanished after insert');
  return row;
}

export function refuseInactive(user: UserRow): void {
  if (user.bannedAt || user.terminatedAt) throw fail('suspended');
}

/** Creates a single-use sign-in link token valid for one hour; only its hash is stored. */
export async function createSignInLink(db: Db, userId: string, now = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insert(signInLinks)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + LINK_TTL_MS) });
  return token;
}

/**
 * Trades a link token for an access token. The conditional UPDATE marks the link used and succeeds
 * for one caller only, so a link clicked twice (or raced) signs in once. A person with a second
 * factor gets a limited token that can only finish the second step (`secondStep`).
 */
export async function redeemSignInLink(
  db: Db,
  token: string,
  userAgent?: string,
): Promise<{ user: UserRow; accessToken: string; secondStep: boolean }> {
  const hash = hashToken(token);
  const [used] = await db
    .update(signInLinks)
    .set({ usedAt: new Date() })
    .where(
      and(eq(signInLinks.tokenHash, hash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, new Date())),
    )
    .returning({ userId: signInLinks.userId });
  if (!used) {
    const [link] = await db.select().from(signInLinks).where(eq(signInLinks.tokenHash, hash));
    if (link && !link.usedAt) throw fail('link_expired');
    if (link) throw fail('link_used');
    throw fail('link_invalid');
  }
  const [user] = await db.select().from(users).where(eq(users.id, used.userId));
  if (!user) throw fail('gone');
  refuseInactive(user);
  const secondStep = await hasFactor(db, user.id);
  return { user, secondStep, accessToken: await issueAccessToken(db, user.id, { secondStep, userAgent }) };
}
