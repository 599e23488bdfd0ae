import {
  cancelSubscriptionsQuery,
  cancelSubscriptionsResponse,
  subscribeBody,
  subscribeResponse,
  subscriptionsPage,
  subscriptionsQuery,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/guards';
import { cancelSubscriptions } from '../subscriptions/cancel-subscriptions';
import { assertRegionAllows, regionCodes } from '../region/guard';
import { listSubscriptions } from '../subscriptions/list-subscriptions';
import { subscribe, subscribeCodes } from '../subscriptions/subscribe';
import { withErrors } from './with-errors';

/** A fan's subscriptions to creators: subscribe, list, cancel (renewals run in the background). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };
  const deps = { db: app.db, realtime: app.realtime, autoMessages: app.autoMessages };

  app.post(
    '/v1/subscriptions',
    {
      ...guarded,
      schema: {
        body: subscribeBody,
        response: withErrors({ 200: subscribeResponse }, [...subscribeCodes, ...regionCodes]),
      },
    },
    async (request) => {
      await assertRegionAllows(app, request, request.body.model_id);
      return subscribe(deps, currentUser(request), request.body.model_id, request.body.send_id);
    },
  );

  app.get(
    '/v1/subscriptions',
    {
      ...guarded,
      schema: { querystring: subscriptionsQuery, response: withErrors({ 200: subscriptionsPage }) },
    },
    async (request) => listSubscriptions(app.db, currentUser(request).id, request.query),
  );

  app.delete(
    '/v1/subscriptions',
    {
      ...guarded,
      schema: {
        querystring: cancelSubscriptionsQuery,
        response: withErrors({ 200: cancelSubscriptionsResponse }),
      },
    },
    async (request) => cancelSubscriptions(deps, currentUser(request), request.query.ids),
  );
};
