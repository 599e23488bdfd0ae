import { pushKeyResponse, pushSubscriptionBody, pushUnsubscribeBody } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { fail } from '../errors';
import { removeSubscription, saveSubscription, saveSubscriptionCodes } from '../push/subscriptions';
import { withErrors } from './with-errors';

/** The VAPID key and the signed-in browser's push subscription (docs/rules.md, "Push notifications"). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/push/key', { schema: { response: withErrors({ 200: pushKeyResponse }) } }, async () => ({
    public_key: app.pushPublicKey,
  }));
  app.post(
    '/v1/push/subscriptions',
    {
      onRequest: requireUser,
      schema: {
        body: pushSubscriptionBody,
        response: withErrors({ 204: z.null() }, saveSubscriptionCodes),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.accessToken) throw fail('unauthorized');
      await saveSubscription(app.db, user.id, request.accessToken, request.body);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/v1/push/subscriptions',
    {
      onRequest: requireUser,
      schema: { body: pushUnsubscribeBody, response: withErrors({ 204: z.null() }) },
    },
    async (request, reply) => {
      await removeSubscription(app.db, currentUser(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
