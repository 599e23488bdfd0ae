import type { FastifyInstance } from 'fastify';
import { demoActors, grantDemoCredits } from './demo-api';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Subscription offers in the demo world: luna-rivers offers 3, 6 and 12 months at 10, 15 and 25 % off,
 * runs a promotion for new subscribers (30 % off the first month, two weeks) and has a 7-day free-trial
 * link; jordan-fan subscribes to ivy-moon with 3 months paid up front (with credits Cove gave him for
 * it, so his balance and first card purchase stay as they were) and has turned its renewal off, so his
 * Subscriptions page shows the switch off and his history names the bundle.
 */
export async function seedDemoOffers(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(app, ['luna-rivers', 'ivy-moon', 'jordan-fan'], 'demo offers');
  const { call, idOf } = actors;
  const now = Date.now();
  await call('luna-rivers', 'PUT', '/v1/subscription-offers/bundles', {
    bundles: [
      { months: 3, percent_off: 10 },
      { months: 6, percent_off: 15 },
      { months: 12, percent_off: 25 },
    ],
  });
  await call('luna-rivers', 'POST', '/v1/subscription-offers/promotions', {
    audience: 'new',
    percent_off: 30,
    starts_at: new Date(now).toISOString(),
    ends_at: new Date(now + 14 * DAY_MS).toISOString(),
    max_uses: 100,
  });
  await call('luna-rivers', 'POST', '/v1/subscription-offers/trial-links', {
    trial_days: 7,
    max_uses: 25,
    expires_at: new Date(now + 30 * DAY_MS).toISOString(),
  });

  await call('ivy-moon', 'PUT', '/v1/subscription-offers/bundles', {
    bundles: [{ months: 3, percent_off: 10 }],
  });
  // 3 × $5.90 less 10 %: $15.93, rounded down to $15.90 (offerTotal).
  const total = 159;
  await grantDemoCredits(app, idOf('jordan-fan'), total, 'demo-offers-grant');
  const bought = await call('jordan-fan', 'POST', '/v1/subscriptions', {
    model_id: idOf('ivy-moon'),
    send_id: 'demo-offers-bundle',
    months: 3,
    total,
  });
  const subscription = bought.data as { _id: string };
  await call('jordan-fan', 'PATCH', `/v1/subscriptions/${subscription._id}`, { renew: false });
  await actors.done();
}
