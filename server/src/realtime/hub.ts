import {
  realtimeProtocolVersion,
  type EphemeralMessage,
  type LoggedEvent,
  type SequencedEvent,
} from '@cove/contracts';
import { closeCodes } from '@cove/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../bus';
import type { Db } from '../db/client';
import { userEventSeqs } from '../db/schema';
import { Connection } from './connection';
import { firstKeptSeq, lastSeqOf } from './event-log';
import { batchedEventReader, type EventReader } from './log-reader';
import {
  busNotifier,
  channels,
  type DisconnectNotice,
  type EphemeralNotice,
  type EventsNotice,
} from './notices';
import { Presence } from './presence';
import type { PresenceChange } from './presence-record';
import type { PresenceStore } from './presence-store';
import type { RealtimeSettings } from './settings';
import { type AppendedEvent, withEvents } from './with-events';

/** Who should hear that a user came online or went away (set by the app: their chat partners). */
export type WatcherLookup = (userId: string) => Promise<string[]>;

/** Passes one socket's typing news on to whoever should see it (set by the app: the chat's other member). */
export type TypingRelay = (type: 'typing_start' | 'typing_stop', chatId: string) => Promise<void>;

/** Users whose last sequence one beat reads per query. */
const BEAT_BATCH = 1_000;

/**
 * The sockets of this instance, by user. Events are written to the log first, then the bus tells
 * every instance which users have news, with the events themselves: a socket up to date is sent them
 * as they are, and any other (behind, busy, or told without events) reads the log, the reads of all
 * sockets batched into one query.
 */
export class RealtimeHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  /** Which session (access token row) opened each socket, so signing one session out closes only its sockets. */
  private readonly sessionOf = new WeakMap<Connection, string>();
  private readonly unsubscribes: (() => Promise<void>)[] = [];
  private beatTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private readonly notices: ReturnType<typeof busNotifier>;
  private readonly presence: Presence;
  private readonly readEvents: EventReader;
  watchers: WatcherLookup = async () => [];
  /** Makes the typing relay of one user's socket, on its first typing message (set by the app). */
  typingRelay: (userId: string) => TypingRelay = () => async () => undefined;
  /**
   * Told, after their notice went out, of committed events whose user has no visible socket on this
   * instance (push notifications queue theirs here). It must not wait on anything slow.
   */
  committed: (events: AppendedEvent[]) => void = () => undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    store: PresenceStore,
    private readonly log: FastifyBaseLogger,
    private readonly settings: RealtimeSettings,
  ) {
    this.notices = busNotifier(bus);
    this.readEvents = batchedEventReader(db);
    this.presence = new Presence({
      db,
      store,
      log,
      heartbeatMs: settings.presenceHeartbeatMs,
      socketsOf: (userId) => this.visibleSockets(userId),
      allSockets: () =>
        new Map(
          [...this.byUser.keys()]
            .map((id) => [id, this.visibleSockets(id)] as const)
            .filter(([, n]) => n > 0),
        ),
      announce: (change) => this.announce(change),
    });
  }

  async start(): Promise<void> {
    this.unsubscribes.push(
      await this.bus.subscribe(channels.events, (m) => this.deliver(m as EventsNotice)),
      await this.bus.subscribe(channels.disconnect, (m) => void this.closeLocal(m as DisconnectNotice)),
      await this.bus.subscribe(channels.ephemeral, (m) => {
        const { userIds, message } = m as EphemeralNotice;
        for (const id of userIds) for (const c of this.byUser.get(id) ?? []) c.send(message);
      }),
    );
    await this.presence.start();
    this.beatTimer = setInterval(() => {
      this.beating ??= this.beat().finally(() => (this.beating = undefined));
    }, this.settings.beatMs);
    this.beatTimer.unref();
    this.pingTimer = setInterval(() => this.dropSilentPeers(), this.settings.pingMs);
    this.pingTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.beatTimer);
    clearInterval(this.pingTimer);
    await this.beating;
    await this.presence.stop();
    await Promise.all(this.unsubscribes.map((u) => u()));
    for (const set of this.byUser.values()) for (const c of set) c.socket.close(1001, 'server shutting down');
  }

  /** Writes one event to a user's log and tells their sockets, wherever they are. */
  async emit(userId: string, event: LoggedEvent): Promise<void> {
    await withEvents({ db: this.db, realtime: this }, async (_tx, emit) => emit(userId, event));
  }

  /** Tells every instance's sockets of these users of committed events (`withEvents` calls it after commit). */
  async notify(userIds: string[], events?: AppendedEvent[]): Promise<void> {
    await this.notices.notify(userIds, events);
    const away = events?.filter((e) => this.visibleSockets(e.userId) === 0) ?? [];
    if (away.length > 0) this.committed(away);
  }

  /** Closes every socket of a user on every instance (a ban), after sending what is already logged. */
  async disconnectUser(userId: string, reason: string, code: number = closeCodes.banned): Promise<void> {
    await this.notices.disconnectUser(userId, reason, code);
  }

  /** Closes the sockets of some of a user's sessions on every instance (those sessions were signed out). */
  async disconnectSessions(userId: string, sessionIds: string[], reason: string): Promise<void> {
    if (sessionIds.length > 0)
      await this.notices.disconnectUser(userId, reason, closeCodes.unauthorized, sessionIds);
  }

  async sendEphemeral(userIds: string[], message: EphemeralMessage): Promise<void> {
    if (userIds.length > 0) await this.notices.sendEphemeral(userIds, message);
  }

  /** Whether the user has an open, visible socket on any live instance. */
  isOnline(userId: string): Promise<boolean> {
    return this.presence.isOnline(userId);
  }

  /**
   * Takes over a freshly opened socket: greets it, then replays what it missed after `since` and goes
   * live. A `since` from before what the log still keeps gets a fresh `init` and no replay: the
   * client reloads its state rather than apply a history with a hole in it. Null when the socket
   * closed meanwhile: its close event has passed unheard, so taking it over would keep it, and its
   * user online, for as long as the process runs.
   */
  async attach(
    userId: string,
    socket: WebSocket,
    since: number | undefined,
    sessionId?: string,
  ): Promise<Connection | null> {
    const last = await lastSeqOf(this.db, userId);
    const start = Math.min(since ?? last, last);
    const fresh = start < last && ((await firstKeptSeq(this.db, userId)) ?? last + 1) > start + 1;
    if (socket.readyState !== socket.OPEN) return null;
    const conn = new Connection(userId, socket, fresh ? last : start, this.readEvents, this.settings);
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(conn);
    if (sessionId) this.sessionOf.set(conn, sessionId);
    socket.on('pong', () => (conn.alive = true));
    socket.on('close', () => this.detach(conn));
    conn.send({
      type: 'init',
      user_id: userId,
      last_seq: last,
      protocol: realtimeProtocolVersion,
      ...(fresh ? { fresh: true } : {}),
    });
    // Not awaited: a long replay to a slow reader must not hold back this socket's pings.
    this.flushConnection(conn);
    await this.presence.changed(userId);
    return conn;
  }

  async setVisibility(conn: Connection, visible: boolean): Promise<void> {
    if (conn.visible === visible) return;
    conn.visible = visible;
    await this.presence.changed(conn.userId);
  }

  private detach(conn: Connection): void {
    const set = this.byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) this.byUser.delete(conn.userId);
    if (conn.visible) void this.presence.changed(conn.userId);
  }

  private visibleSockets(userId: string): number {
    return [...(this.byUser.get(userId) ?? [])].filter((c) => c.visible).length;
  }

  private async announce({ userId, online, at }: PresenceChange): Promise<void> {
    const message: EphemeralMessage = online
      ? { type: 'user_online', user_id: userId }
      : { type: 'user_offline', user_id: userId, last_online: at.toISOString() };
    await this.sendEphemeral(await this.watchers(userId), message);
  }

  private flushConnection(conn: Connection): void {
    conn
      .flush()
      .catch((err: unknown) => this.log.warn({ err, userId: conn.userId }, 'event delivery failed'));
  }

  private deliver({ userIds, events = [] }: EventsNotice): void {
    const carried = new Map<string, SequencedEvent[]>();
    for (const { userId, event } of events) {
      const own = carried.get(userId);
      if (own) own.push(event);
      else carried.set(userId, [event]);
    }
    for (const id of userIds) {
      const own = carried.get(id)?.sort((a, b) => a.seq - b.seq);
      for (const c of this.byUser.get(id) ?? []) if (!own || !c.deliver(own)) this.flushConnection(c);
    }
  }

  private async closeLocal({ userId, code, reason, sessionIds }: DisconnectNotice): Promise<void> {
    for (const c of this.byUser.get(userId) ?? []) {
      if (sessionIds && !sessionIds.includes(this.sessionOf.get(c) ?? '')) continue;
      await c.flush().catch(() => undefined);
      c.socket.close(code, reason);
    }
  }

  /**
   * Drops sockets whose peer stopped answering protocol pings (a vanished network, a killed browser):
   * their close takes the user offline. On its own timer, shorter than the beat: with the 30 s beat
   * a peer gone without closing stayed online for up to a minute.
   */
  private dropSilentPeers(): void {
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

  /** Flushes every socket whose user's log has grown, so an event whose bus notice was lost still arrives within one beat. */
  private async beat(): Promise<void> {
    try {
      const userIds = [...this.byUser.keys()];
      for (let i = 0; i < userIds.length; i += BEAT_BATCH) {
        const rows = await this.db
          .select({ userId: userEventSeqs.userId, lastSeq: userEventSeqs.lastSeq })
          .from(userEventSeqs)
          .where(inArray(userEventSeqs.userId, userIds.slice(i, i + BEAT_BATCH)));
        for (const { userId, lastSeq } of rows) {
          for (const c of this.byUser.get(userId) ?? []) if (c.isBehind(lastSeq)) this.flushConnection(c);
        }
      }
    } catch (err) {
      this.log.warn({ err }, 'realtime beat: reading the log failed');
    }
  }
}
