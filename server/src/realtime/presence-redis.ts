import type { Redis } from 'ioredis';
import type { PresenceStore } from './presence-store';

/** A dead instance's counts outlive its heartbeat, so a sweeper can still tell its users went away. */
const COUNTS_KEPT_MS = 24 * 60 * 60_000;

/**
 * Presence in Redis, under `prefix` (one per database, so deployments or test runs sharing a Redis
 * keep apart): a set of instance ids, an `alive:<id>` key that expires when heartbeats stop, and a
 * `sockets:<id>` hash of user id → visible sockets.
 */
export function redisPresenceStore(
  redis: Redis,
  prefix: string,
  instanceId: string,
  lapseMs: number,
): PresenceStore {
  const instancesKey = `${prefix}instances`;
  const aliveKey = (id: string) => `${prefix}alive:${id}`;
  const socketsKey = (id: string) => `${prefix}sockets:${id}`;
  const mySockets = socketsKey(instanceId);

  const usersIn = (hash: Record<string, string>) =>
    Object.entries(hash)
      .filter(([, n]) => Number(n) > 0)
      .map(([userId]) => userId);

  return {
    async heartbeat() {
      // Everything expires unless some instance keeps beating, so a deployment gone for good leaves nothing.
      if ((await redis.set(aliveKey(instanceId), '1', 'PX', lapseMs, 'XX')) === 'OK') {
        await redis.multi().pexpire(mySockets, COUNTS_KEPT_MS).pexpire(instancesKey, COUNTS_KEPT_MS).exec();
        return false;
      }
      // Alive before listed, in one step: a sweeper never finds this instance listed without its key.
      await redis
        .multi()
        .set(aliveKey(instanceId), '1', 'PX', lapseMs)
        .sadd(instancesKey, instanceId)
        .pexpire(instancesKey, COUNTS_KEPT_MS)
        .exec();
      return true;
    },

    async setSockets(userId, sockets) {
      if (sockets === 0) await redis.hdel(mySockets, userId);
      else await redis.multi().hset(mySockets, userId, sockets).pexpire(mySockets, COUNTS_KEPT_MS).exec();
    },

    async restore(counts) {
      const tx = redis.multi().del(mySockets);
      if (counts.size > 0) tx.hset(mySockets, Object.fromEntries(counts)).pexpire(mySockets, COUNTS_KEPT_MS);
      await tx.exec();
    },

    async sweep() {
      const ids = (await redis.smembers(instancesKey)).filter((id) => id !== instanceId);
      const users = new Set<string>();
      for (const id of ids) {
        if ((await redis.exists(aliveKey(id))) === 1) continue;
        // Whoever removes it from the set handles it; other sweepers skip it.
        if ((await redis.srem(instancesKey, id)) === 0) continue;
        const [[, held] = []] =
          (await redis.multi().hgetall(socketsKey(id)).del(socketsKey(id)).exec()) ?? [];
        for (const userId of usersIn((held ?? {}) as Record<string, string>)) users.add(userId);
      }
      return [...users];
    },

    async onlineAmong(userIds) {
      const online = new Set<string>();
      if (userIds.length === 0) return online;
      const ids = await redis.smembers(instancesKey);
      const pipeline = redis.pipeline();
      for (const id of ids) pipeline.exists(aliveKey(id)).hmget(socketsKey(id), ...userIds);
      const answers = (await pipeline.exec()) ?? [];
      for (let i = 0; i < answers.length; i += 2) {
        const [aliveErr, alive] = answers[i] ?? [];
        const [countsErr, counts] = answers[i + 1] ?? [];
        if (aliveErr || countsErr) throw aliveErr ?? countsErr;
        if (alive !== 1) continue;
        (counts as (string | null)[]).forEach((n, j) => {
          if (Number(n) > 0) online.add(userIds[j] as string);
        });
      }
      return online;
    },

    async leave() {
      const [, , [, held] = []] =
        (await redis
          .multi()
          .srem(instancesKey, instanceId)
          .del(aliveKey(instanceId))
          .hgetall(mySockets)
          .del(mySockets)
          .exec()) ?? [];
      return usersIn((held ?? {}) as Record<string, string>);
    },

    async close() {
      redis.disconnect();
    },
  };
}
