import {
  redeemTrialBody,
  renewalBody,
  renewalResponse,
  subscriptionIdParams,
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
import { redeemTrial, redeemTrialCodes } from '../subscriptions/offers/redeem-trial';
import { trialLinkOffer } from '../subscriptions/offers/trial-links';
import { renewalCodes, setRenewal } from '../subscriptions/renewal';
import { withErrors } from './with-errors';

/**
 * A fan's subscriptions to creators: subscribe (a month or a bundle), redeem a free-trial link, list,
 * switch renewal, cancel (renewals run in the background).
 */
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
      const { model_id, send_id, months = 1, total } = request.body;
      return subscribe(deps, currentUser(request), model_id, send_id, { months, total });
    },
  );

  app.post(
    '/v1/subscriptions/trial',
    {
      ...guarded,
      schema: {
        body: redeemTrialBody,
        response: withErrors({ 200: subscribeResponse }, [...redeemTrialCodes, ...regionCodes]),
      },
    },
    async (request) => {
      const link = await trialLinkOffer(app.db, request.body.code);
      await assertRegionAllows(app, request, link.creator._id);
      return redeemTrial(deps, currentUser(request), request.body);
    },
  );

  app.patch(
    '/v1/subscriptions/:id',
    {
      ...guarded,
      schema: {
        params: subscriptionIdParams,
        body: renewalBody,
        response: withErrors({ 200: renewalResponse }, renewalCodes),
      },
    },
    async (request) => setRenewal(deps, currentUser(request), request.params.id, request.body),
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
