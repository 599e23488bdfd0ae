import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessTokens, ledgerAccounts, type UserRow, users } from '../db/schema';

/** 256 random bits, URL-safe; the caller gets it once and the database keeps only its hash. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How far a new session got: `secondStep` stopped after the magic link, `factorPassed` passed the factor too. */
export interface TokenStage {
  secondStep?: boolean;
  factorPassed?: boolean;
  userAgent?: string | undefined;
}

export async function issueAccessToken(db: Db, userId: string, stage: TokenStage = {}): Promise<string> {
  const token = newToken();
  await db.insert(accessTokens).values({
    userId,
    tokenHash: hashToken(token),
    secondStep: stage.secondStep ?? false,
    factorPassedAt: stage.factorPassed ? new Date() : null,
    userAgent: stage.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

/** A signed-in request's user, with their credit balance (the same statement reads both), and its token's row. */
export interface Session {
  user: UserRow;
  credits: number;
  tokenId: string;
  /** Stopped after the magic link: only the second step may use this session. */
  secondStep: boolean;
  factorPassed: boolean;
  lastUsedAt: Date;
}

/**
 * The token's live user and their credits in one statement, prepared once per database (each pooled
 * connection parses and plans it once): the join on the user's `banned_at` and `terminated_at` makes
 * a ban or termination refuse the token at once, and `revoked_at` a sign-out.
 */
function sessionStatement(db: Db) {
  return db
    .select({
      user: users,
      tokenId: accessTokens.id,
      secondStep: accessTokens.secondStep,
      factorPassedAt: accessTokens.factorPassedAt,
      lastUsedAt: accessTokens.lastUsedAt,
      credits: sql<number>`case when ${ledgerAccounts.cachedBalance} then ${ledgerAccounts.balance}
        else coalesce((select sum(e.amount) from ledger_entries e where e.account_id = ${ledgerAccounts.id}), 0) end`.mapWith(
        Number,
      ),
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.ownerId, users.id), eq(ledgerAccounts.kind, 'credits')))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('hash')),
        isNull(accessTokens.revokedAt),
        isNull(users.bannedAt),
        isNull(users.terminatedAt),
      ),
    )
    .limit(1)
    .prepare('session_for_token');
}
const statements = new WeakMap<Db, ReturnType<typeof sessionStatement>>();

/** The live session behind a token, or null when the token is unknown, revoked, or its user banned or terminated. */
export async function sessionForToken(db: Db, token: string): Promise<Session | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = sessionStatement(db)));
  const [row] = await statement.execute({ hash: hashToken(token) });
  if (!row) return null;
  return {
    user: row.user,
    credits: row.credits ?? 0,
    tokenId: row.tokenId,
    secondStep: row.secondStep,
    factorPassed: row.factorPassedAt !== null,
    lastUsedAt: row.lastUsedAt,
  };
}

/** How stale `last_used_at` may get: the sessions list shows it to the minute, and most requests write nothing. */
const LAST_USED_GRAIN_MS = 5 * 60 * 1000;

/** Records that a session was used, at most once in five minutes. */
export async function touchSession(db: Db, session: Session, now = new Date()): Promise<void> {
  if (now.getTime() - session.lastUsedAt.getTime() < LAST_USED_GRAIN_MS) return;
  await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, session.tokenId));
}

export async function revokeAccessToken(db: Db, token: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), isNull(accessTokens.revokedAt)));
}
