import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientMessage, closeCodes } from '@cove/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { TypingRelay } from '../realtime/hub';

/** `since` must be a whole number; anything else starts the client from now. */
function parseSince(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * Lets the upgrade's request and response go once the socket is open. Otherwise they live as long as
 * the socket, through the net socket's current response and the websocket plugin's error listener,
 * and with them the user row and the headers: several KiB per idle connection.
 */
function releaseUpgrade(
  socket: WebSocket,
  request: FastifyRequest,
  onError: (this: WebSocket, err: Error) => void,
): void {
  const net = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  net._httpMessage?.detachSocket(net);
  socket.removeAllListeners('error');
  socket.on('error', onError);
}

/** The realtime endpoint: `/ws?token=...&since=<last seq applied>`, authenticated like the API. */
export const socketRoute: FastifyPluginAsync = async (app) => {
  // One listener for every socket: a broken connection is logged and dropped, as the plugin would.
  function onError(this: WebSocket, err: Error): void {
    app.log.warn({ err }, 'websocket error');
    this.terminate();
  }

  app.get('/ws', { websocket: true }, async (socket, request) => {
    const userId = request.user?.id;
    if (!userId) {
      socket.close(closeCodes.unauthorized, 'Please sign in');
      return;
    }
    const since = parseSince((request.query as { since?: unknown }).since);
    releaseUpgrade(socket, request, onError);
    // Messages that arrive while the replay runs are handled once the connection exists.
    const early: Buffer[] = [];
    const buffer = (raw: Buffer) => early.push(raw);
    socket.on('message', buffer);
    // Made on the first typing message: most sockets never send one.
    let typing: TypingRelay | undefined;
    const conn = await app.realtime.attach(userId, socket, since, request.session?.id);
    if (!conn) return;
    const handle = (raw: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString());
      } catch {
        return;
      }
      const msg = clientMessage.safeParse(parsed);
      if (!msg.success) return;
      const m = msg.data;
      if (m.type === 'ping') conn.send({ type: 'pong' });
      else if (m.type === 'visibility') void app.realtime.setVisibility(conn, m.state === 'visible');
      else void (typing ??= app.realtime.typingRelay(userId))(m.type, m.chat_id);
    };
    socket.off('message', buffer);
    socket.on('message', handle);
    early.splice(0).forEach(handle);
  });
};
