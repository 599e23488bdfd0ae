import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentAction, runPaymentAction } from '../payments/admin-actions';
import * as z from 'zod';
import { fail } from '../errors';
import { withErrors } from './with-errors';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const notice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notify'), userIds: z.array(z.uuid()).min(1).max(100) }),
  z.object({ type: z.literal('disconnect'), userId: z.uuid(), reason: z.string().min(1).max(100) }),
]);
export type RealtimeNotice = z.infer<typeof notice>;

/**
 * How the admin CLI, having changed the database itself, tells this server's open sockets at once.
 * Only this machine may call it, and only with the secret the server wrote to DATA_DIR/server.json.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmin = async (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers['x-admin-secret'] ?? ''));
    const secret = Buffer.from(app.adminSecret);
    const remote = request.socket.remoteAddress ?? '';
    if (!loopback.has(remote) || given.length !== secret.length || !timingSafeEqual(given, secret))
      throw fail('forbidden');
  };

  app.post(
    '/internal/realtime',
    {
      onRequest: onlyAdmin,
      schema: { body: notice, response: withErrors({ 204: z.null() }, ['forbidden']) },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.type === 'notify') await app.realtime.notify(body.userIds);
      else await app.realtime.disconnectUser(body.userId, body.reason);
      return reply.code(204).send(null);
    },
  );

  // Refunds go through the payment provider, which lives with the server; the CLI asks it here.
  app.post(
    '/internal/payments',
    {
      onRequest: onlyAdmin,
      schema: {
        body: paymentAction,
        response: withErrors({ 200: z.object({ message: z.string() }) }, ['forbidden', 'not_found']),
      },
    },
    async (request) => ({ message: await runPaymentAction(app, request.body) }),
  );
};
