import { eq } from 'drizzle-orm';
import { userEvents, users } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import { person } from '../helpers/chats';
import { eventually } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('crypto top-up', () => {
  it('is refused without the crypto_payment feature', async () => {
    const fan = await person(t);
    const res = await fan.api.post('/v1/payment/crypto', { amount: 100, idempotency_key: 'k1' });
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      'Crypto top-up is not available for your account.',
    ]);
  });

  it('credits the package once the invoice is paid, with the credits_top_up event', async () => {
    const fan = await person(t);
    await t.db
      .update(users)
      .set({ features: { crypto_payment: true } })
      .where(eq(users.id, fan.user.id));
    expect((await fan.api.get('/v1/payment/packages')).json().crypto).toBe(true);
    const res = await fan.api.post('/v1/payment/crypto', { amount: 500, idempotency_key: 'k2' });
    expect(res.statusCode).toBe(200);
    const { redirect_url: page, payment_id: id } = res.json();
    const invoice = await t.app.inject({ method: 'GET', url: page });
    expect(invoice.body).toContain('Send 50.50 USDC');

    const paid = await t.app.inject({ method: 'POST', url: page });
    expect([paid.statusCode, paid.headers.location]).toEqual([303, '/account/get-credits']);
    await eventually(
      () => creditsOf(t.db, fan.user.id),
      (c) => c === 570,
    );
    expect(await creditsOf(t.db, fan.user.id)).toBe(570);
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, fan.user.id));
    expect(events.find((e) => e.type === 'credits_top_up')?.payload).toMatchObject({
      amount: 50.5,
      currency: 'USDC',
      credits: 570,
      fee: 0.5,
      payment_id: id,
    });
    // Paying the same invoice again changes nothing.
    await t.app.inject({ method: 'POST', url: page });
    expect(await creditsOf(t.db, fan.user.id)).toBe(570);
  });
});
