import { closeCodes, realtimeProtocolVersion, type ClientMessage } from '@cove/contracts';
import type { OwnedBus } from '@cove/runtime/shell';
import ReconnectingWebSocket from 'reconnecting-websocket';
import { parseIncoming } from './parse';
import { SequenceTracker } from './sequence';

/** The spec's realtime constants (section 4 and 9). */
export const realtimeTimings = {
  pingEveryMs: 30_000,
  pongTimeoutMs: 2_000,
  /** Reconnect after attempt number × 1 s… */
  reconnectStepMs: 1_000,
  /** …up to this, so a long outage still retries twice a minute (our cap; the spec names none). */
  reconnectMaxMs: 30_000,
  disconnectedAfterMs: 5_000,
} as const;

/** Our own close code for a socket the client gave up on (no pong, or a gap in the sequence). */
const forcedCloseCode = 4000;

export interface RealtimeOptions {
  bus: OwnedBus;
  /** The access token to connect with; null stops trying. */
  token(): string | null;
  /** The socket was refused for good: a dead token (4401) or a ban (4403). */
  onRefused(reason: 'unauthorized' | 'banned'): void;
  /** The page starts from the server's present (first connect, a reset log, or one pruned past our place): reload state. */
  onFresh(): void;
  /** The server speaks another realtime protocol: the socket is closed rather than misread. */
  onProtocolMismatch?(protocol: number): void;
  /** ws origin; defaults to the page's. */
  origin?: string;
  WebSocket?: typeof WebSocket;
}

export interface Realtime {
  /** Opens the socket for the signed-in user; a second call while open does nothing. */
  start(): void;
  /** Closes the socket and forgets the sequence (sign-out). */
  stop(): void;
  readonly running: boolean;
}

function defaultOrigin(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}`;
}

/**
 * The one websocket, over reconnecting-websocket: pings every 30 s and force-closes when a pong is
 * 2 s late; reconnects after attempt × 1 s (the delay lives in the URL provider, since the library's own
 * back-off is exponential); says 'disconnected' only after 5 s down; resumes from the last applied
 * sequence and drops anything at or below it.
 */
export function createRealtime(opts: RealtimeOptions): Realtime {
  const { bus } = opts;
  const sequence = new SequenceTracker();
  let socket: ReconnectingWebSocket | null = null;
  let attempt = 0;
  let pingTimer: number | undefined;
  let pongTimer: number | undefined;
  let downTimer: number | undefined;

  const send = (message: ClientMessage): boolean => {
    if (!socket || socket.readyState !== ReconnectingWebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };
  const sendVisibility = () =>
    send({ type: 'visibility', state: document.visibilityState === 'hidden' ? 'hidden' : 'visible' });

  function markDown() {
    if (downTimer !== undefined) return;
    downTimer = window.setTimeout(
      () => bus.setConnection('disconnected'),
      realtimeTimings.disconnectedAfterMs,
    );
  }
  function markUp() {
    window.clearTimeout(downTimer);
    downTimer = undefined;
    bus.setConnection('connected');
  }
  function stopHeartbeat() {
    window.clearInterval(pingTimer);
    window.clearTimeout(pongTimer);
    pingTimer = pongTimer = undefined;
  }
  function forceClose(reason: string) {
    stopHeartbeat();
    socket?.reconnect(forcedCloseCode, reason);
  }

  async function url(): Promise<string> {
    const wait = Math.min(attempt * realtimeTimings.reconnectStepMs, realtimeTimings.reconnectMaxMs);
    if (wait > 0) await new Promise((resolve) => window.setTimeout(resolve, wait));
    const params = new URLSearchParams({ token: opts.token() ?? '' });
    const since = sequence.since();
    if (since !== undefined) params.set('since', String(since));
    return `${opts.origin ?? defaultOrigin()}/ws?${params.toString()}`;
  }

  function onOpen() {
    markUp();
    sendVisibility();
    stopHeartbeat();
    pingTimer = window.setInterval(() => {
      if (!send({ type: 'ping' })) return;
      window.clearTimeout(pongTimer);
      pongTimer = window.setTimeout(() => forceClose('pong timeout'), realtimeTimings.pongTimeoutMs);
    }, realtimeTimings.pingEveryMs);
  }

  function onMessage(e: MessageEvent) {
    const incoming = parseIncoming(e.data);
    if (incoming.kind === 'unknown') return console.warn('Realtime: unknown message', incoming.type);
    if (incoming.kind === 'ephemeral') {
      const m = incoming.message;
      if (m.type === 'pong') {
        window.clearTimeout(pongTimer);
        pongTimer = undefined;
      } else if (m.type === 'init') {
        if (m.protocol !== realtimeProtocolVersion) {
          stop();
          opts.onProtocolMismatch?.(m.protocol);
          return;
        }
        attempt = 0;
        if (sequence.init(m.user_id, m.last_seq, m.fresh) === 'fresh') opts.onFresh();
      } else bus.pushServerEvent(m);
      return;
    }
    const verdict = sequence.accept(incoming.seq);
    if (verdict === 'gap') return forceClose('sequence gap');
    if (verdict === 'duplicate') return;
    if (incoming.event) bus.pushServerEvent(incoming.event);
    else console.warn('Realtime: event', incoming.seq, 'does not match this build’s contract');
  }

  function onClose(e: { code: number }) {
    stopHeartbeat();
    if (e.code === closeCodes.unauthorized || e.code === closeCodes.banned) {
      stop();
      opts.onRefused(e.code === closeCodes.banned ? 'banned' : 'unauthorized');
      return;
    }
    attempt += 1;
    markDown();
  }

  const onOnline = () => {
    if (socket && socket.readyState !== ReconnectingWebSocket.OPEN) {
      attempt = 0;
      socket.reconnect();
    }
  };

  function start() {
    if (socket || !opts.token()) return;
    attempt = 0;
    socket = new ReconnectingWebSocket(url, [], {
      WebSocket: opts.WebSocket,
      // Delays come from `url()`; the library's own back-off is switched off.
      minReconnectionDelay: 0,
      maxReconnectionDelay: 0,
      connectionTimeout: 10_000,
      // Pings and visibility sent while closed are stale by the time it opens.
      maxEnqueuedMessages: 0,
    });
    socket.addEventListener('open', onOpen);
    socket.addEventListener('message', onMessage);
    socket.addEventListener('close', onClose);
    document.addEventListener('visibilitychange', sendVisibility);
    window.addEventListener('online', onOnline);
    bus.setSender(send);
    markDown();
  }

  function stop() {
    const s = socket;
    socket = null;
    if (!s) return;
    s.removeEventListener('open', onOpen);
    s.removeEventListener('message', onMessage);
    s.removeEventListener('close', onClose);
    s.close(1000, 'signed out');
    document.removeEventListener('visibilitychange', sendVisibility);
    window.removeEventListener('online', onOnline);
    stopHeartbeat();
    bus.setSender(null);
    markUp();
    sequence.reset();
  }

  return {
    start,
    stop,
    get running() {
      return socket !== null;
    },
  };
}
