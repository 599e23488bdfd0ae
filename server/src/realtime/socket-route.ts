import { clientMessage, closeCodes } from '@cove/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { typingRelay } from '../chats/typing';

/** `since` must be a whole number; anything else starts the client from now. */
function parseSince(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

/** The realtime endpoint: `/ws?token=...&since=<last seq applied>`, authenticated like the API. */
export const socketRoute: FastifyPluginAsync = async (app) => {
  app.get('/ws', { websocket: true }, async (socket, request) => {
    const user = request.user;
    if (!user) {
      socket.close(closeCodes.unauthorized, 'Please sign in');
      return;
    }
    // Messages that arrive while the replay runs are handled once the connection exists.
    const early: Buffer[] = [];
    const buffer = (raw: Buffer) => early.push(raw);
    socket.on('message', buffer);
    const typing = typingRelay(app, user.id);
    const conn = await app.realtime.attach(
      user.id,
      socket,
      parseSince((request.query as { since?: unknown }).since),
    );
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
      else void typing(m.type, m.chat_id);
    };
    socket.off('message', buffer);
    socket.on('message', handle);
    early.forEach(handle);
  });
};
