import {
  bundlesBody,
  offerIdParams,
  promotionBody,
  promotionEnvelope,
  subscriptionOffersEnvelope,
  trialCodeParams,
  trialLinkBody,
  trialLinkEnvelope,
  trialLinkOfferEnvelope,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../auth/guards';
import {
  creatorOffers,
  endPromotion,
  setBundles,
  startPromotion,
} from '../subscriptions/offers/creator-offers';
import { createTrialLink, revokeTrialLink, trialLinkOffer } from '../subscriptions/offers/trial-links';
import { withErrors } from './with-errors';

/** Reads of a trial link per client address per minute: open without sign-in, so bounded. */
const TRIAL_LINK_READS_PER_MINUTE = 60;

/**
 * A creator's subscription offers (docs/rules.md, Subscription offers): bundles, promotions and
 * free-trial links; and what a trial link gives, for anyone holding it.
 */
export const subscriptionOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const creators = { onRequest: requireRole('featured') };

  app.get(
    '/v1/subscription-offers',
    { ...creators, schema: { response: withErrors({ 200: subscriptionOffersEnvelope }) } },
    async (request) => ({ data: await creatorOffers(app.db, currentUser(request)) }),
  );

  app.put(
    '/v1/subscription-offers/bundles',
    {
      ...creators,
      schema: {
        body: bundlesBody,
        response: withErrors({ 200: subscriptionOffersEnvelope }, ['offers_need_price']),
      },
    },
    async (request) => ({ data: await setBundles(app.db, currentUser(request), request.body.bundles) }),
  );

  app.post(
    '/v1/subscription-offers/promotions',
    {
      ...creators,
      schema: {
        body: promotionBody,
        response: withErrors({ 200: promotionEnvelope }, ['offers_need_price', 'promotion_overlap']),
      },
    },
    async (request) => ({ data: await startPromotion(app.db, currentUser(request), request.body) }),
  );

  app.delete(
    '/v1/subscription-offers/promotions/:id',
    {
      ...creators,
      schema: {
        params: offerIdParams,
        response: withErrors({ 200: promotionEnvelope }, ['promotion_not_found']),
      },
    },
    async (request) => ({ data: await endPromotion(app.db, currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/subscription-offers/trial-links',
    {
      ...creators,
      schema: {
        body: trialLinkBody,
        response: withErrors({ 200: trialLinkEnvelope }, ['offers_need_price']),
      },
    },
    async (request) => ({ data: await createTrialLink(app.db, currentUser(request), request.body) }),
  );

  app.delete(
    '/v1/subscription-offers/trial-links/:id',
    {
      ...creators,
      schema: {
        params: offerIdParams,
        response: withErrors({ 200: trialLinkEnvelope }, ['trial_link_not_found']),
      },
    },
    async (request) => ({ data: await revokeTrialLink(app.db, currentUser(request), request.params.id) }),
  );

  app.get(
    '/v1/trial-links/:code',
    {
      config: { rateLimit: { max: TRIAL_LINK_READS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        params: trialCodeParams,
        response: withErrors({ 200: trialLinkOfferEnvelope }, ['trial_link_not_found']),
      },
    },
    async (request) => ({ data: await trialLinkOffer(app.db, request.params.code) }),
  );
};
