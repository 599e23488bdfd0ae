import { createTestApp, type TestApp } from '../helpers/test-app';
import { creatorWithEarnings, payoutRequest, paypal, setMethod } from '../earnings/helpers';
import { addPasskey, authenticatorFor, confirmation } from './passkey-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];

// A passkey as the only factor counts as one everywhere the app does (docs/rules.md, Second factor).
describe('with a passkey as the only factor', () => {
  it('a payout-method change refuses the emailed code and no factor, and takes a passkey confirmation once', async () => {
    const { creator } = await creatorWithEarnings(t, 1000);
    expect((await setMethod(t, creator, paypal('first@example.com'))).statusCode).toBe(200);
    const key = authenticatorFor(t.config.publicUrl);
    await addPasskey(creator, key);
    const info = (await creator.api.get('/v1/account/info')).json().data;
    expect(info).toMatchObject({ second_factor: true, passkey: true });

    expect(errorOf(await creator.api.post('/v1/users/send-verification-code', { action: 'verify' }))).toEqual(
      [409, 'use_authenticator'],
    );
    expect(errorOf(await creator.api.patch('/v2/account/defaults', paypal('x@example.com')))).toEqual([
      400,
      'factor_code_needed',
    ]);
    expect(
      errorOf(
        await creator.api.patch('/v2/account/defaults?verification_code=1234', paypal('x@example.com')),
      ),
    ).toEqual([400, 'factor_code_needed']);
    // A code for an app the person does not have is simply wrong.
    expect(
      errorOf(
        await creator.api.patch('/v2/account/defaults?verification_code=123456', paypal('x@example.com')),
      ),
    ).toEqual([400, 'wrong_factor_code']);

    const confirmed = await confirmation(creator, key);
    const set = await creator.api.patch(
      `/v2/account/defaults?verification_code=${confirmed}`,
      paypal('new@example.com'),
    );
    expect(set.statusCode).toBe(200);
    expect(set.json().data.payout_method.label).toBe('PayPal · n•••@example.com');
    expect(
      errorOf(
        await creator.api.patch(
          `/v2/account/defaults?verification_code=${confirmed}`,
          paypal('y@example.com'),
        ),
      ),
    ).toEqual([400, 'wrong_factor_code']);
  });

  it('a payout request needs a passkey confirmation', async () => {
    const { creator } = await creatorWithEarnings(t, 1000);
    expect((await setMethod(t, creator, paypal())).statusCode).toBe(200);
    const key = authenticatorFor(t.config.publicUrl);
    await addPasskey(creator, key);
    const request = payoutRequest(300);
    expect(errorOf(await creator.api.post('/v2/account/payout', request))).toEqual([
      400,
      'factor_code_needed',
    ]);
    const paid = await creator.api.post('/v2/account/payout', {
      ...request,
      factor_code: await confirmation(creator, key),
    });
    expect(paid.statusCode).toBe(200);
    expect((await creator.api.get('/v1/account/payouts')).json().data).toHaveLength(1);
  });
});
