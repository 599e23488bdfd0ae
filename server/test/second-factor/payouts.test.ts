import { eq } from 'drizzle-orm';
import { payoutMethods } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creatorWithEarnings, payoutRequest, paypal, setMethod } from '../earnings/helpers';
import { codeNow, enrol } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];

it('with the app on, a payout method changes with its code, not an emailed one', async () => {
  const { creator } = await creatorWithEarnings(t, 1000);
  expect((await setMethod(t, creator, paypal('first@example.com'))).statusCode).toBe(200);
  const { secret, recoveryCodes } = await enrol(creator);
  expect((await creator.api.get('/v1/account/info')).json().data.second_factor).toBe(true);

  // The mailbox alone no longer changes where the money goes.
  expect(errorOf(await creator.api.post('/v1/users/send-verification-code', { action: 'verify' }))).toEqual([
    409,
    'use_authenticator',
  ]);
  expect(
    errorOf(await creator.api.patch('/v2/account/defaults?verification_code=1234', paypal('x@example.com'))),
  ).toEqual([400, 'factor_code_needed']);
  expect(errorOf(await creator.api.patch('/v2/account/defaults', paypal('x@example.com')))).toEqual([
    400,
    'factor_code_needed',
  ]);
  expect(
    errorOf(
      await creator.api.patch('/v2/account/defaults?verification_code=000000', paypal('x@example.com')),
    ),
  ).toEqual([400, 'wrong_factor_code']);
  const code = codeNow(secret, 1);
  const set = await creator.api.patch(
    `/v2/account/defaults?verification_code=${code}`,
    paypal('new@example.com'),
  );
  expect(set.statusCode).toBe(200);
  expect(set.json().data.payout_method.label).toBe('PayPal · n•••@example.com');
  // The same code again: a replay.
  expect(
    errorOf(
      await creator.api.patch(`/v2/account/defaults?verification_code=${code}`, paypal('y@example.com')),
    ),
  ).toEqual([400, 'factor_code_used']);
  // A recovery code stands in for the app, once.
  const byRecovery = await creator.api.patch(
    `/v2/account/defaults?verification_code=${recoveryCodes[0]}`,
    paypal('kept@example.com'),
  );
  expect(byRecovery.statusCode).toBe(200);
  const [saved] = await t.db.select().from(payoutMethods).where(eq(payoutMethods.userId, creator.user.id));
  expect(saved?.details).toEqual({ email: 'kept@example.com' });
});

it('with the app on, a payout request needs its code; a repeat of the same request does not', async () => {
  const { creator } = await creatorWithEarnings(t, 1000);
  expect((await setMethod(t, creator, paypal())).statusCode).toBe(200);
  const { secret } = await enrol(creator);
  const request = payoutRequest(300);
  expect(errorOf(await creator.api.post('/v2/account/payout', request))).toEqual([400, 'factor_code_needed']);
  expect(
    errorOf(await creator.api.post('/v2/account/payout', { ...request, factor_code: '000000' })),
  ).toEqual([400, 'wrong_factor_code']);
  const paid = await creator.api.post('/v2/account/payout', { ...request, factor_code: codeNow(secret, 1) });
  expect(paid.statusCode).toBe(200);
  // The client retrying the same request (same key) gets the same payout without another code.
  const repeat = await creator.api.post('/v2/account/payout', request);
  expect(repeat.json().data._id).toBe(paid.json().data._id);
  expect((await creator.api.get('/v1/account/payouts')).json().data).toHaveLength(1);
});

it('without the app, payouts work as before: an emailed code, no factor code', async () => {
  const { creator } = await creatorWithEarnings(t, 1000);
  expect((await setMethod(t, creator, paypal())).statusCode).toBe(200);
  expect((await creator.api.get('/v1/account/info')).json().data.second_factor).toBe(false);
  expect((await creator.api.post('/v2/account/payout', payoutRequest(300))).statusCode).toBe(200);
});
