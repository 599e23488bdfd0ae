import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { onlyAdmin as adminGuard, onlyAdminCodes } from '../admin/only-admin';
import { paymentAction, paymentActionCodes, runPaymentAction } from '../payments/admin-actions';
import { withErrors } from './with-errors';

const notice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notify'), userIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(100)) }),
  z.object({
    type: z.literal('disconnect'),
    userId: z.uuid(),
    reason: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
]);
export type RealtimeNotice = z.infer<typeof notice>;

/**
 * How the admin CLI, having changed the database itself, tells this server's open sockets at once.
 * Only this machine may call it, and only with the secret the server wrote to DATA_DIR/server.json.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmin = adminGuard(app.adminSecret);

  app.post(
    '/internal/realtime',
    {
      onRequest: onlyAdmin,
      schema: { body: notice, response: withErrors({ 204: z.null() }, onlyAdminCodes) },
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
        response: withErrors({ 200: z.object({ message: z.string() }) }, [
          ...onlyAdminCodes,
          ...paymentActionCodes,
        ]),
      },
    },
    async (request) => ({ message: await runPaymentAction(app, request.body) }),
  );
};
