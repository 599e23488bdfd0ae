import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { type Bus, createBus } from '../bus';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { RealtimeHub, type TypingRelay, type WatcherLookup } from '../realtime/hub';
import type { PresenceStore } from '../realtime/presence-store';
import { redisPresenceStore } from '../realtime/presence-redis';
import { tablePresenceStore } from '../realtime/presence-table';
import { pruneEventLog } from '../realtime/prune';
import { defaultRealtimeSettings, type RealtimeSettings } from '../realtime/settings';

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
    realtime: RealtimeHub;
  }
}

/** What the app's domain tells the hub before it starts: who hears a user's presence, where typing goes. */
export interface RealtimeDomain {
  watchers(db: Db): WatcherLookup;
  typingRelay(deps: { db: Db; realtime: RealtimeHub }, userId: string): TypingRelay;
}

export interface RealtimeOptions {
  /** Timings and limits other than the defaults (tests shorten them). */
  settings?: Partial<RealtimeSettings>;
  domain: RealtimeDomain;
}

async function presenceStore(
  db: Db,
  log: FastifyBaseLogger,
  redisUrl: string | undefined,
  lapseMs: number,
): Promise<PresenceStore> {
  const instanceId = randomUUID();
  if (!redisUrl) return tablePresenceStore(db, instanceId, lapseMs);
  // Keys are scoped to the database, so deployments (or test runs) sharing one Redis keep apart.
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
  const prefix = `cove:presence:${row?.name ?? 'cove'}:`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  redis.on('error', (err: Error) => log.warn({ err }, 'presence: redis unavailable'));
  return redisPresenceStore(redis, prefix, instanceId, lapseMs);
}

/** The bus between instances, this instance's socket hub and the event log's pruning; all stop with the app. */
export const realtime = fp(
  async (app: FastifyInstance, opts: RealtimeOptions) => {
    const settings = { ...defaultRealtimeSettings, ...opts.settings };
    const bus = createBus(app.config.redisUrl);
    const store = await presenceStore(app.db, app.log, app.config.redisUrl, settings.presenceLapseMs);
    const hub = new RealtimeHub(app.db, bus, store, app.log, settings);
    hub.watchers = opts.domain.watchers(app.db);
    hub.typingRelay = (userId) => opts.domain.typingRelay({ db: app.db, realtime: hub }, userId);
    await hub.start();
    app.decorate('bus', bus);
    app.decorate('realtime', hub);

    // Every instance prunes; deleting what another already deleted is harmless.
    let pruning: Promise<void> | undefined;
    const prune = async () => {
      try {
        const deleted = await pruneEventLog(app.db, new Date(), settings.eventLog);
        if (deleted > 0) app.log.info({ deleted }, 'event log pruned');
      } catch (err) {
        app.log.warn({ err }, 'event log pruning failed');
      }
    };
    const pruneTimer = setInterval(() => {
      pruning ??= prune().finally(() => (pruning = undefined));
    }, settings.pruneEveryMs);
    pruneTimer.unref();

    app.addHook('preClose', async () => {
      clearInterval(pruneTimer);
      await pruning;
      await hub.stop();
      await bus.close();
    });
  },
  { name: 'realtime', decorators: { fastify: ['config', 'db'] } },
);
