import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { userForToken } from '../auth/tokens';
import type { UserRow } from '../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the access token. */
    user: UserRow | null;
    accessToken: string | null;
  }
}

/** The access token rides in the `access-token` header; the websocket, which cannot set headers, uses `?token=`. */
function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers['access-token'];
  if (typeof header === 'string' && header) return header;
  if (request.url.startsWith('/ws')) {
    const token = (request.query as { token?: unknown } | undefined)?.token;
    if (typeof token === 'string' && token) return token;
  }
  return null;
}

export const auth = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('accessToken', null);
    app.addHook('onRequest', async (request) => {
      const token = tokenOf(request);
      if (!token) return;
      const user = await userForToken(app.db, token);
      if (user) {
        request.user = user;
        request.accessToken = token;
      }
    });
  },
  { name: 'auth', decorators: { fastify: ['db'] } },
);
