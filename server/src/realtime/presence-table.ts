import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { realtimeInstances, realtimePresence } from '../db/schema';
import type { PresenceStore } from './presence-store';

/** Presence in PostgreSQL (no Redis): one row per instance with its heartbeat, one per (instance, user). */
export function tablePresenceStore(db: Db, instanceId: string, lapseMs: number): PresenceStore {
  // The database's clock judges every heartbeat, so instances on skewed hosts agree.
  const lapsedBefore = sql`now() - ${lapseMs} * interval '1 millisecond'`;
  const mine = eq(realtimePresence.instanceId, instanceId);
  return {
    async heartbeat() {
      const beat = await db
        .update(realtimeInstances)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(realtimeInstances.id, instanceId))
        .returning({ id: realtimeInstances.id });
      if (beat.length > 0) return false;
      await db.insert(realtimeInstances).values({ id: instanceId }).onConflictDoNothing();
      return true;
    },

    async setSockets(userId, sockets) {
      if (sockets === 0) {
        await db.delete(realtimePresence).where(and(mine, eq(realtimePresence.userId, userId)));
        return;
      }
      await db
        .insert(realtimePresence)
        .values({ instanceId, userId, sockets })
        .onConflictDoUpdate({
          target: [realtimePresence.instanceId, realtimePresence.userId],
          set: { sockets },
        });
    },

    async restore(counts) {
      await db.transaction(async (tx) => {
        await tx.delete(realtimePresence).where(mine);
        const rows = [...counts].map(([userId, sockets]) => ({ instanceId, userId, sockets }));
        if (rows.length > 0) await tx.insert(realtimePresence).values(rows);
      });
    },

    async sweep() {
      return db.transaction(async (tx) => {
        // The lock makes a late heartbeat of a swept instance wait, then find its row gone and restore.
        const lapsed = await tx
          .select({ id: realtimeInstances.id })
          .from(realtimeInstances)
          .where(and(ne(realtimeInstances.id, instanceId), lt(realtimeInstances.heartbeatAt, lapsedBefore)))
          .for('update', { skipLocked: true });
        if (lapsed.length === 0) return [];
        const ids = lapsed.map((r) => r.id);
        const held = await tx
          .delete(realtimePresence)
          .where(inArray(realtimePresence.instanceId, ids))
          .returning({ userId: realtimePresence.userId });
        await tx.delete(realtimeInstances).where(inArray(realtimeInstances.id, ids));
        return [...new Set(held.map((r) => r.userId))];
      });
    },

    async onlineAmong(userIds) {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ userId: realtimePresence.userId })
        .from(realtimePresence)
        .innerJoin(realtimeInstances, eq(realtimeInstances.id, realtimePresence.instanceId))
        .where(
          and(inArray(realtimePresence.userId, userIds), gte(realtimeInstances.heartbeatAt, lapsedBefore)),
        );
      return new Set(rows.map((r) => r.userId));
    },

    async leave() {
      return db.transaction(async (tx) => {
        const held = await tx
          .delete(realtimePresence)
          .where(mine)
          .returning({ userId: realtimePresence.userId });
        await tx.delete(realtimeInstances).where(eq(realtimeInstances.id, instanceId));
        return held.map((r) => r.userId);
      });
    },

    async close() {},
  };
}
