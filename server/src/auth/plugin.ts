import { accessTokenHeader } from '@cove/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessionForToken } from './tokens';
import type { UserRow } from '../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the access token. */
    user: UserRow | null;
    /** The signed-in user's credit balance, read with the user. */
    credits: number;
    accessToken: string | null;
  }
}

/** The access token rides in the `access-token` header; the websocket, which cannot set headers, uses `?token=`. */
function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[accessTokenHeader];
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
    app.decorateRequest('credits', 0);
    app.decorateRequest('accessToken', null);
    app.addHook('onRequest', async (request) => {
      const token = tokenOf(request);
      if (!token) return;
      const session = await sessionForToken(app.db, token);
      if (session) {
        request.user = session.user;
        request.credits = session.credits;
        request.accessToken = token;
      }
    });
  },
  { name: 'auth', decorators: { fastify: ['db'] } },
);
