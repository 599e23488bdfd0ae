import { eq } from 'drizzle-orm';
import { payouts } from '../../src/db/schema';
import { eventually } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creatorWithEarnings, payoutRequest, paypal, setMethod } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('the sandbox completes a payout about 2 s after it is asked for (PAYOUT_SETTLE_MS default)', async () => {
  const { creator } = await creatorWithEarnings(t, 1000);
  await setMethod(t, creator, paypal());
  const started = Date.now();
  const id = (await creator.api.post('/v2/account/payout', payoutRequest(200))).json().data._id as string;
  const statusOf = async () => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]?.status;
  expect(await statusOf()).toBe('pending');
  await eventually(statusOf, (s) => s === 'completed', 10_000);
  const took = Date.now() - started;
  expect(await statusOf()).toBe('completed');
  expect(took).toBeGreaterThanOrEqual(2000);
  expect(took).toBeLessThan(3500);
});
