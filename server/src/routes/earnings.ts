import {
  accountInfoEnvelope,
  accountStats,
  accountStatsQuery,
  accountTotals,
  accountTotalsQuery,
  amlBody,
  pageQuery,
  payoutDefaultsQuery,
  payoutEnvelope,
  payoutMethodBody,
  payoutRequestBody,
  payoutsPage,
  referralsPage,
  sendVerificationCodeBody,
  sendVerificationCodeResponse,
} from '@cove/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/guards';
import { withErrors } from './with-errors';
import type { FactorContext } from '../second-factor/factor';
import { fail } from '../errors';
import { accountInfo } from '../earnings/account-info';
import { amlCodes, submitAml } from '../earnings/aml';
import { assertCreator, creatorCodes } from '../earnings/creator';
import { listPayouts } from '../earnings/list-payouts';
import { listReferrals } from '../earnings/list-referrals';
import { payoutMethodCodes, setPayoutMethod } from '../earnings/payout-methods';
import { requestPayout, requestPayoutCodes } from '../earnings/request-payout';
import { accountStats as statsOf } from '../earnings/stats';
import { accountTotals as totalsOf } from '../earnings/totals';
import { actionCodeCodes, sendActionCode } from '../earnings/verification-code';

/** The signed-in creator of a request; anyone else is refused (403 creators_only). */
function creator(request: FastifyRequest) {
  const me = currentUser(request);
  assertCreator(me);
  return me;
}

/** A creator's earnings, payout method, payouts, AML form and referrals (docs/rules.md, Earnings and payouts). */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };
  const holdDays = app.config.earnings.holdDays;
  /** The session's second-factor context: payout changes and requests are confirmed with it when it is on. */
  const factorOf = (request: FastifyRequest): FactorContext => {
    if (!request.session) throw fail('unauthorized');
    return { db: app.db, box: app.factorBox, sessionId: request.session.id };
  };
  const payoutDeps = () => ({
    db: app.db,
    realtime: app.realtime,
    boss: app.jobs.boss,
    provider: app.payouts.provider.name,
    holdDays,
    queued: () => app.payouts.queued(),
  });

  app.get(
    '/v1/account/totals',
    {
      ...guarded,
      schema: {
        querystring: accountTotalsQuery,
        response: withErrors({ 200: accountTotals }, creatorCodes),
      },
    },
    async (request) => totalsOf(app.db, creator(request).id, holdDays),
  );

  app.get(
    '/v1/account/stats',
    {
      ...guarded,
      schema: {
        querystring: accountStatsQuery,
        response: withErrors({ 200: accountStats }, creatorCodes),
      },
    },
    async (request) => statsOf(app.db, creator(request).id, request.query.days),
  );

  app.get(
    '/v1/account/info',
    {
      ...guarded,
      schema: {
        response: withErrors({ 200: accountInfoEnvelope }, creatorCodes),
      },
    },
    async (request) => ({ data: await accountInfo(app.db, currentUser(request)) }),
  );

  app.get(
    '/v1/account/payouts',
    {
      ...guarded,
      schema: {
        querystring: pageQuery,
        response: withErrors({ 200: payoutsPage }, creatorCodes),
      },
    },
    async (request) => listPayouts(app.db, creator(request).id, request.query),
  );

  app.post(
    '/v2/account/payout',
    {
      ...guarded,
      schema: {
        body: payoutRequestBody,
        response: withErrors({ 200: payoutEnvelope }, requestPayoutCodes),
      },
    },
    async (request) => ({
      data: await requestPayout(payoutDeps(), currentUser(request), request.body, factorOf(request)),
    }),
  );

  app.post(
    '/v1/account/anti-money-laundering',
    {
      ...guarded,
      schema: {
        body: amlBody,
        response: withErrors({ 200: accountInfoEnvelope }, amlCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await submitAml(payoutDeps(), me, request.body);
      return { data: await accountInfo(app.db, me) };
    },
  );

  app.patch(
    '/v2/account/defaults',
    {
      ...guarded,
      schema: {
        querystring: payoutDefaultsQuery,
        body: payoutMethodBody,
        response: withErrors({ 200: accountInfoEnvelope }, payoutMethodCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await setPayoutMethod(factorOf(request), me, request.body, request.query.verification_code);
      return { data: await accountInfo(app.db, me) };
    },
  );

  app.post(
    '/v1/users/send-verification-code',
    {
      ...guarded,
      schema: {
        body: sendVerificationCodeBody,
        response: withErrors({ 200: sendVerificationCodeResponse }, actionCodeCodes),
      },
    },
    async (request) => sendActionCode(app, currentUser(request)),
  );

  app.get(
    '/v1/users/referrals',
    {
      ...guarded,
      schema: {
        querystring: pageQuery,
        response: withErrors({ 200: referralsPage }, creatorCodes),
      },
    },
    async (request) => listReferrals(app.db, creator(request), app.config.publicUrl, request.query),
  );
};
