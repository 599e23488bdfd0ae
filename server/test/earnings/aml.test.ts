import { eq } from 'drizzle-orm';
import { payouts } from '../../src/db/schema';
import { eventually } from '../helpers/payments';
import { balancedAppForFile } from '../helpers/file-app';
import { creatorWithEarnings, eventsOf, moneyOf, payoutRequest, paypal, setMethod } from './helpers';

const t = balancedAppForFile({ env: { PAYOUT_SETTLE_MS: '0' } });

const form = {
  full_name: 'Ann Example',
  date_of_birth: '1990-02-28',
  address: '1 Main Street, Berlin',
  country: 'DE',
};
const statusOf = async (id: string) =>
  (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]?.status;

it('holds a payout past the threshold until the form is sent, then sends it', async () => {
  const { creator } = await creatorWithEarnings(t, 30_000); // 24,000 available
  await setMethod(t, creator, paypal());
  const first = (await creator.api.post('/v2/account/payout', payoutRequest(20_000))).json().data;
  expect(first.status).toBe('pending');
  await eventually(
    () => statusOf(first._id),
    (s) => s === 'completed',
  );
  const held = (await creator.api.post('/v2/account/payout', payoutRequest(1_000))).json().data;
  expect(held.status).toBe('on_hold');
  // Held money has left the balance: it cannot be asked for twice.
  expect(await moneyOf(t, creator.user.id)).toEqual({ earnings: 3_000, clearing: 1_000 });
  expect((await creator.api.get('/v1/account/info')).json().data.aml).toEqual({
    threshold: 20_000,
    cumulative: 21_000,
    submitted: false,
    required: true,
  });

  for (const bad of [
    { ...form, date_of_birth: new Date(Date.now() - 17 * 365 * 86_400_000).toISOString().slice(0, 10) },
    { ...form, date_of_birth: '1990-02-30' },
    { ...form, country: 'Germany' },
    { ...form, full_name: '' },
  ]) {
    const res = await creator.api.post('/v1/account/anti-money-laundering', bad);
    expect([bad, res.statusCode]).toEqual([bad, 400]);
  }
  expect(await statusOf(held._id)).toBe('on_hold');

  const sent = await creator.api.post('/v1/account/anti-money-laundering', form);
  expect(sent.statusCode).toBe(200);
  expect(sent.json().data.aml).toMatchObject({ submitted: true, required: false });
  await eventually(
    () => statusOf(held._id),
    (s) => s === 'completed',
  );
  expect(await moneyOf(t, creator.user.id)).toEqual({ earnings: 3_000, clearing: 0 });
  const again = await creator.api.post('/v1/account/anti-money-laundering', form);
  expect([again.statusCode, again.json().code]).toEqual([409, 'aml_already_submitted']);
  const heldEvents = (await eventsOf(t, creator.user.id, ['payout_updated'])).filter(
    (e) => e.payout_id === held._id,
  );
  expect(heldEvents.map((e) => e.status)).toEqual(['on_hold', 'pending', 'completed']);

  // With the form on file, later payouts go at once.
  const later = (await creator.api.post('/v2/account/payout', payoutRequest(500))).json().data;
  expect(later.status).toBe('pending');
});
