import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { transactionBetween } from '../db/transaction';
import { users } from '../db/schema';
import type { PresenceStore } from './presence-store';

export interface PresenceChange {
  userId: string;
  online: boolean;
  at: Date;
}

/** Users recorded per transaction: their rows stay locked while the store is asked. */
const BATCH = 500;

/**
 * Writes what the store says about these users into `users.is_online` (lists and filters read it)
 * and `last_online`, and answers whose state changed. The users' rows are locked first, then the
 * store is read: when two instances change one user's sockets at once, the one that records last
 * reads both changes, so the column ends right and each flip is reported once.
 */
export async function recordPresence(
  db: Db,
  store: PresenceStore,
  userIds: string[],
): Promise<PresenceChange[]> {
  const ids = [...new Set(userIds)];
  const changes: PresenceChange[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const changed = await transactionBetween(db, batch, async (tx) => {
      const before = await tx
        .select({ id: users.id, isOnline: users.isOnline })
        .from(users)
        .where(inArray(users.id, batch));
      const online = await store.onlineAmong(batch);
      const at = new Date();
      const nowOnline = [...online];
      await tx
        .update(users)
        .set({ isOnline: nowOnline.length > 0 ? inArray(users.id, nowOnline) : sql`false`, lastOnline: at })
        .where(inArray(users.id, batch));
      return before
        .filter((u) => u.isOnline !== online.has(u.id))
        .map((u) => ({ userId: u.id, online: online.has(u.id), at }));
    });
    changes.push(...changed);
  }
  return changes;
}

/** Users the column calls online: after a crash of every instance, some may have no socket anywhere. */
export async function usersMarkedOnline(db: Db): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isOnline, true));
  return rows.map((r) => r.id);
}
