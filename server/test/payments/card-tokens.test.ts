import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { payments, sandboxPayments } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import type { Client } from '../helpers/api';
import { person } from '../helpers/chats';
import { browserInfo, CARDS, payWithCard, tokenize } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const paymentsOf = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId));

/** `POST /v1/payment` for a package with a token given as is. */
const payWithToken = (api: Client, token: string) =>
  api.post('/v1/payment', {
    amount: 100,
    success_url: '/3ds-callback',
    fail_url: '/3ds-callback',
    browser_info: browserInfo,
    card_token: token,
    idempotency_key: randomUUID(),
  });

const DECLINED = [402, 'Your card was declined. Try another card.'];
const USED = [402, 'This card was already used for a payment. Please enter your card details again.'];

describe('a token the provider does not know', () => {
  it('fails each payment cleanly, for any number of fans, with no provider payment id', async () => {
    const fans = [await person(t), await person(t), await person(t)];
    for (const fan of fans) {
      const res = await payWithToken(fan.api, 'card_nobody_made_this');
      expect([res.statusCode, res.json().message]).toEqual(DECLINED);
      const [row] = await paymentsOf(fan.user.id);
      expect([row?.status, row?.failureCode, row?.providerPaymentId]).toEqual([
        'failed',
        'card_declined',
        null,
      ]);
      expect((await fan.api.get(`/v1/payment/${row?.id}`)).json().data).toMatchObject({
        status: 'failed',
        failure: 'Your card was declined. Try another card.',
      });
      expect(await creditsOf(t.db, fan.user.id)).toBe(0);
    }
  });

  it('counts as a decline for the card-testing guard', async () => {
    const fan = await person(t);
    for (let i = 0; i < 10; i++)
      expect((await payWithToken(fan.api, `card_guess_${i}`)).statusCode).toBe(402);
    const res = await payWithCard(t.app, fan.api, CARDS.visa);
    expect([res.statusCode, res.json().code]).toEqual([429, 'payments_limited']);
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
  });

  it('can never leave an empty provider payment id in the database', async () => {
    const fan = await person(t);
    const { payment_id: id } = (await payWithCard(t.app, fan.api, CARDS.visa)).json();
    await expect(
      t.db.execute(sql`update payments set provider_payment_id = '' where id = ${id}`),
    ).rejects.toMatchObject({ cause: { constraint: 'payments_provider_payment_id_set' } });
  });
});

describe('a sandbox card token', () => {
  it('is consumed by the first payment: a second use by the same fan is refused, never charged', async () => {
    const fan = await person(t);
    const token = await tokenize(t.app, CARDS.visa);
    expect((await payWithToken(fan.api, token)).json()).toMatchObject({ result: 'success', credits: 120 });
    const again = await payWithToken(fan.api, token);
    expect([again.statusCode, again.json().message]).toEqual(USED);
    expect(await creditsOf(t.db, fan.user.id)).toBe(120);
    const rows = await paymentsOf(fan.user.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    expect(rows.find((r) => r.status === 'failed')?.providerPaymentId).toBeNull();
    expect(await t.db.$count(sandboxPayments, eq(sandboxPayments.cardRef, token))).toBe(1);
  });

  it('is refused to another account, whatever became of the first payment', async () => {
    const owner = await person(t);
    const thief = await person(t);
    for (const card of [CARDS.visa, CARDS.declined, CARDS.threeDs]) {
      const token = await tokenize(t.app, card);
      await payWithToken(owner.api, token);
      const stolen = await payWithToken(thief.api, token);
      expect([stolen.statusCode, stolen.json().message]).toEqual(USED);
    }
    expect(await creditsOf(t.db, thief.user.id)).toBe(0);
    expect((await paymentsOf(thief.user.id)).map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('is charged once when two payments race with it', async () => {
    const fans = [await person(t), await person(t)];
    const token = await tokenize(t.app, CARDS.visa);
    const answers = await Promise.all(fans.map((fan) => payWithToken(fan.api, token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 402]);
    expect(await t.db.$count(sandboxPayments, eq(sandboxPayments.cardRef, token))).toBe(1);
  });

  it('counts a reuse as a decline for the card-testing guard', async () => {
    const fan = await person(t);
    const token = await tokenize(t.app, CARDS.visa);
    await payWithToken(fan.api, token);
    for (let i = 0; i < 10; i++) expect((await payWithToken(fan.api, token)).statusCode).toBe(402);
    expect((await payWithCard(t.app, fan.api, CARDS.visa)).statusCode).toBe(429);
  });

  it('still pays again as a card the fan saved, and only as that', async () => {
    const fan = await person(t);
    const token = await tokenize(t.app, CARDS.master);
    await fan.api.post('/v1/payment', {
      amount: 100,
      success_url: '/3ds-callback',
      fail_url: '/3ds-callback',
      browser_info: browserInfo,
      card_token: token,
      save_card: true,
      idempotency_key: randomUUID(),
    });
    const [saved] = (await fan.api.get('/v1/cc')).json().data;
    for (let i = 0; i < 2; i++) {
      const res = await fan.api.post('/v1/payment', {
        amount: 100,
        success_url: '/3ds-callback',
        fail_url: '/3ds-callback',
        browser_info: browserInfo,
        card_id: saved.id,
        idempotency_key: randomUUID(),
      });
      expect(res.json()).toMatchObject({ result: 'success' });
    }
    expect(await creditsOf(t.db, fan.user.id)).toBe(320);
    // The saved card's reference is no token to pay with, for its owner or anyone else.
    expect((await payWithToken(fan.api, token)).statusCode).toBe(402);
    expect((await payWithToken((await person(t)).api, token)).statusCode).toBe(402);
  });
});
