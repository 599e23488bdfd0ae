import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod';

/** Close code for a socket opened without a valid token (4000-4999 are the application's own). */
export const CLOSE_UNAUTHORIZED = 4401;

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('visibility'), state: z.enum(['visible', 'hidden']) }),
]);

/** The realtime endpoint: `/ws?token=...`. Authenticated by the same access token as the API. */
export const socketRoute: FastifyPluginAsync = async (app) => {
  app.get('/ws', { websocket: true }, (socket, request) => {
    const user = request.user;
    if (!user) {
      socket.close(CLOSE_UNAUTHORIZED, 'Please sign in');
      return;
    }
    socket.send(JSON.stringify({ type: 'init', user_id: user.id }));
    socket.on('message', (raw) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString());
      } catch {
        return;
      }
      const msg = clientMessage.safeParse(parsed);
      if (msg.success && msg.data.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    });
  });
};
