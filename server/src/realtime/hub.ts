import { realtimeProtocolVersion, type EphemeralMessage, type LoggedEvent } from '@cove/contracts';
import { closeCodes } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../bus';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { Connection } from './connection';
import { appendEvent, lastSeqOf } from './event-log';
import {
  busNotifier,
  channels,
  type DisconnectNotice,
  type EphemeralNotice,
  type EventsNotice,
} from './notices';

const HEARTBEAT_MS = 30_000;

/** Who should hear that a user came online or went away (set by the app: their chat partners). */
export type WatcherLookup = (userId: string) => Promise<string[]>;

/**
 * The sockets of this instance, by user. Events are written to the log first, then the bus tells
 * every instance which users have news; each instance reads the log for its own sockets.
 */
export class RealtimeHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly unsubscribes: (() => Promise<void>)[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly notices: ReturnType<typeof busNotifier>;
  watchers: WatcherLookup = async () => [];

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.notices = busNotifier(bus);
  }

  async start(): Promise<void> {
    this.unsubscribes.push(
      await this.bus.subscribe(channels.events, (m) => {
        for (const id of (m as EventsNotice).userIds) this.flushUser(id);
      }),
      await this.bus.subscribe(channels.disconnect, (m) => void this.closeLocal(m as DisconnectNotice)),
      await this.bus.subscribe(channels.ephemeral, (m) => {
        const { userIds, message } = m as EphemeralNotice;
        for (const id of userIds) for (const c of this.byUser.get(id) ?? []) c.send(message);
      }),
    );
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await Promise.all(this.unsubscribes.map((u) => u()));
    for (const set of this.byUser.values()) for (const c of set) c.socket.close(1001, 'server shutting down');
  }

  /** Writes one event to a user's log and tells their sockets, wherever they are. */
  async emit(userId: string, event: LoggedEvent): Promise<number> {
    const seq = await this.db.transaction((tx) => appendEvent(tx, userId, event));
    await this.notify([userId]);
    return seq;
  }

  /** For events appended inside a caller's transaction: call once it has committed. */
  async notify(userIds: string[]): Promise<void> {
    await this.notices.notify(userIds);
  }

  /** Closes every socket of a user on every instance (a ban), after sending what is already logged. */
  async disconnectUser(userId: string, reason: string, code: number = closeCodes.banned): Promise<void> {
    await this.notices.disconnectUser(userId, reason, code);
  }

  async sendEphemeral(userIds: string[], message: EphemeralMessage): Promise<void> {
    if (userIds.length > 0) await this.notices.sendEphemeral(userIds, message);
  }

  isOnline(userId: string): boolean {
    return [...(this.byUser.get(userId) ?? [])].some((c) => c.visible);
  }

  /** Takes over a freshly opened socket: greets it, replays what it missed after `since`, then goes live. */
  async attach(userId: string, socket: WebSocket, since: number | undefined): Promise<Connection> {
    const last = await lastSeqOf(this.db, userId);
    const conn = new Connection(userId, socket, Math.min(since ?? last, last), this.db);
    const wasOnline = this.isOnline(userId);
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(conn);
    socket.on('pong', () => (conn.alive = true));
    socket.on('close', () => void this.detach(conn));
    conn.send({ type: 'init', user_id: userId, last_seq: last, protocol: realtimeProtocolVersion });
    await conn.flush();
    if (!wasOnline) await this.presenceChanged(userId);
    return conn;
  }

  async setVisibility(conn: Connection, visible: boolean): Promise<void> {
    const before = this.isOnline(conn.userId);
    conn.visible = visible;
    if (before !== this.isOnline(conn.userId)) await this.presenceChanged(conn.userId);
  }

  private async detach(conn: Connection): Promise<void> {
    const set = this.byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) this.byUser.delete(conn.userId);
    if (conn.visible && !this.isOnline(conn.userId)) await this.presenceChanged(conn.userId);
  }

  private async presenceChanged(userId: string): Promise<void> {
    try {
      const now = new Date();
      await this.db
        .update(users)
        .set({ lastOnline: now, isOnline: this.isOnline(userId) })
        .where(eq(users.id, userId));
      const message: EphemeralMessage = this.isOnline(userId)
        ? { type: 'user_online', user_id: userId }
        : { type: 'user_offline', user_id: userId, last_online: now.toISOString() };
      await this.sendEphemeral(await this.watchers(userId), message);
    } catch (err) {
      this.log.warn({ err, userId }, 'presence update failed');
    }
  }

  private flushUser(userId: string): void {
    for (const c of this.byUser.get(userId) ?? []) {
      c.flush().catch((err: unknown) => this.log.warn({ err, userId }, 'event delivery failed'));
    }
  }

  private async closeLocal({ userId, code, reason }: DisconnectNotice): Promise<void> {
    for (const c of this.byUser.get(userId) ?? []) {
      await c.flush().catch(() => undefined);
      c.socket.close(code, reason);
    }
  }

  /** Drops sockets whose peer stopped answering protocol pings (a vanished network, a frozen tab). */
  private beat(): void {
    for (const set of this.byUser.values()) {
      for (const c of set) {
        if (!c.alive) c.socket.terminate();
        else {
          c.alive = false;
          c.socket.ping();
        }
      }
    }
  }
}
