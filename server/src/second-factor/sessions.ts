import type { SessionEntry } from '@cove/contracts';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessTokens } from '../db/schema';
import type { Queryable } from '../db/transaction';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { deviceName } from './user-agent';

/** The person's live sessions, the most recently used first (a session stopped at the second step is not one). */
export async function listSessions(db: Db, userId: string, currentId: string): Promise<SessionEntry[]> {
  const rows = await db
    .select()
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        eq(accessTokens.secondStep, false),
      ),
    )
    .orderBy(desc(accessTokens.lastUsedAt), desc(accessTokens.createdAt));
  return rows.map((row) => ({
    _id: row.id,
    device: deviceName(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  }));
}

/** Tells the person's open pages that they signed in or out somewhere: the sessions list reads again. */
export async function announceSessionsChange(deps: EventDeps, userId: string): Promise<void> {
  await withEvents(deps, async (_tx, emit) => emit(userId, { type: 'sessions_updated' }));
}

/** Signs out one of the person's own sessions; false when it is not theirs or already out. */
export async function revokeSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const [revoked] = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(accessTokens.id, sessionId), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)),
    )
    .returning({ id: accessTokens.id });
  return revoked !== undefined;
}

/** Signs out every session of the person but one; the ids signed out, to close their sockets. */
export async function revokeOtherSessions(db: Queryable, userId: string, keepId: string): Promise<string[]> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.userId, userId), ne(accessTokens.id, keepId), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return rows.map((r) => r.id);
}
