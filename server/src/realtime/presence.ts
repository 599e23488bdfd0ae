import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type PresenceChange, recordPresence, usersMarkedOnline } from './presence-record';
import type { PresenceStore } from './presence-store';

export interface PresenceOptions {
  db: Db;
  store: PresenceStore;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  /** This instance's open, visible sockets for one user… */
  socketsOf(userId: string): number;
  /** …and for every user it holds. */
  allSockets(): Map<string, number>;
  /** Tells the user's watchers that they came online or went away. */
  announce(change: PresenceChange): Promise<void>;
}

/** Users checked per store lookup when reconciling. */
const BATCH = 500;

/**
 * This instance's part in presence: it keeps its socket counts and heartbeat in the store, sweeps
 * instances whose heartbeat lapsed (at start and on every beat), and turns every change into
 * `users.is_online` and, when that flips, a `user_online` or `user_offline` for the watchers.
 */
export class Presence {
  /** One update at a time per user, so counts land in the store in the order they happened. */
  private readonly queues = new Map<string, Promise<void>>();
  /** Users to record in the next batch, and when that batch is done. */
  private next: { users: Set<string>; done: Promise<void> } | undefined;
  private recording: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly opts: PresenceOptions) {}

  async start(): Promise<void> {
    await this.opts.store.heartbeat();
    await this.settle(await this.opts.store.sweep());
    await this.reconcile();
    this.timer = setInterval(() => {
      this.beating ??= this.beat().finally(() => (this.beating = undefined));
    }, this.opts.heartbeatMs);
    this.timer.unref();
  }

  /** The user's sockets on this instance opened, closed or changed visibility. */
  changed(userId: string): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const run = async () => {
      await this.opts.store.setSockets(userId, this.opts.socketsOf(userId));
      await this.settleSoon(userId);
    };
    const next = (this.queues.get(userId) ?? Promise.resolve())
      .then(run)
      .catch((err: unknown) => this.opts.log.warn({ err, userId }, 'presence update failed'))
      .finally(() => {
        if (this.queues.get(userId) === next) this.queues.delete(userId);
      });
    this.queues.set(userId, next);
    return next;
  }

  async isOnline(userId: string): Promise<boolean> {
    return (await this.opts.store.onlineAmong([userId])).has(userId);
  }

  /** Leaves the store, so this instance's users go offline now rather than when its heartbeat lapses. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.beating;
    await Promise.all(this.queues.values());
    try {
      await this.settle(await this.opts.store.leave());
    } catch (err) {
      this.opts.log.warn({ err }, 'presence: leaving failed');
    }
    await this.opts.store.close();
  }

  private async beat(): Promise<void> {
    try {
      if (await this.opts.store.heartbeat()) {
        // Taken for dead (a long pause, a lost connection) and swept: put this instance's counts back.
        const counts = this.opts.allSockets();
        await this.opts.store.restore(counts);
        await this.settle([...counts.keys()]);
      }
      await this.settle(await this.opts.store.sweep());
    } catch (err) {
      this.opts.log.warn({ err }, 'presence heartbeat failed');
    }
  }

  /** Users the column calls online with no socket on any live instance (every instance crashed at once). */
  private async reconcile(): Promise<void> {
    const marked = await usersMarkedOnline(this.opts.db);
    for (let i = 0; i < marked.length; i += BATCH) {
      const batch = marked.slice(i, i + BATCH);
      const online = await this.opts.store.onlineAmong(batch);
      await this.settle(batch.filter((id) => !online.has(id)));
    }
  }

  /**
   * Records changed users in batches, one batch at a time: users changed while one is recorded go in
   * the next. A burst of connections then takes a few transactions rather than one each, and never
   * holds every pooled connection in a transaction that waits on another (the table store reads
   * through the pool).
   */
  private settleSoon(userId: string): Promise<void> {
    if (!this.next) {
      const users = new Set<string>();
      const done = this.recording.then(() => {
        this.next = undefined;
        return this.settle([...users]);
      });
      this.next = { users, done };
      this.recording = done.catch(() => undefined);
    }
    this.next.users.add(userId);
    return this.next.done;
  }

  private async settle(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    for (const change of await recordPresence(this.opts.db, this.opts.store, userIds)) {
      await this.opts
        .announce(change)
        .catch((err: unknown) =>
          this.opts.log.warn({ err, userId: change.userId }, 'presence announcement failed'),
        );
    }
  }
}
