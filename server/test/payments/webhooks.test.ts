import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { paymentEvents, payments, purchases } from '../../src/db/schema';
import { rowsOf } from '../../src/db/rows';
import { balanceMismatches, balanceOf, creditsOf } from '../../src/ledger/ledger';
import type { SandboxEvent } from '../../src/payments/sandbox/sandbox-provider';
import { SANDBOX_WEBHOOK_PATH } from '../../src/payments/sandbox/webhook-delivery';
import { signWebhook } from '../../src/payments/webhook-signature';
import { dataDirSecret } from '../../src/data-dir-secret';
import { fanAndCreator, person, text } from '../helpers/chats';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { eventsOf } from '../earnings/helpers';

let t: TestApp;
let secret: Buffer;
/** What the server logged at warn and above, one JSON line each. */
let warned = '';
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      warned += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'warn', stream } });
  secret = dataDirSecret(t.config.dataDir, 'payment-webhook-secret', undefined);
});
afterAll(() => t.close());

const sandbox = () => {
  const s = t.app.payments.sandbox;
  if (!s) throw new Error('the sandbox provider is not in use');
  return s;
};

function post(event: SandboxEvent, signature = signWebhook(secret, Buffer.from(JSON.stringify(event)))) {
  return postRaw(JSON.stringify(event), signature);
}

function postRaw(body: string, signature = signWebhook(secret, Buffer.from(body))) {
  return t.app.inject({
    method: 'POST',
    url: SANDBOX_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'cove-signature': signature },
    payload: body,
  });
}

/** A 3-D Secure payment left pending: only webhooks can finish it. */
async function pendingPayment(extra: Record<string, unknown> = {}) {
  const fan = await person(t);
  const res = await payWithCard(t.app, fan.api, CARDS.threeDs, extra);
  const id = res.json().payment_id as string;
  const providerId = `pi_${id.replaceAll('-', '')}`;
  return { fan, id, providerId };
}

const ledgerRows = async () =>
  Number(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ledger_entries`))[0]?.n);

describe('provider webhooks', () => {
  it('credits once when the success is delivered three times', async () => {
    const { fan, id, providerId } = await pendingPayment();
    const event = sandbox().event('payment.succeeded', id, providerId, { card: null });
    const answers = await Promise.all([post(event), post(event), post(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await creditsOf(t.db, fan.user.id)).toBe(120);
    expect(await t.db.$count(paymentEvents, eq(paymentEvents.eventId, event.id))).toBe(1);
  });

  it('credits once when two different events say the same success', async () => {
    const { fan, id, providerId } = await pendingPayment();
    await post(sandbox().event('payment.succeeded', id, providerId, { card: null }));
    await post(sandbox().event('payment.succeeded', id, providerId, { card: null }));
    expect(await creditsOf(t.db, fan.user.id)).toBe(120);
  });

  it('applies a refund that overtakes its success, and ignores the success that comes after', async () => {
    const { fan, id, providerId } = await pendingPayment();
    const success = sandbox().event('payment.succeeded', id, providerId, { card: null });
    const refund = sandbox().event('payment.refunded', id, providerId, {});
    for (const e of [refund, success, refund, success]) expect((await post(e)).statusCode).toBe(200);
    const [p] = await t.db.select().from(payments).where(eq(payments.id, id));
    expect(p?.status).toBe('refunded');
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
    expect(await balanceOf(t.db, { owner: fan.user.id, kind: 'debt' })).toBe(0);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it.each([
    ['no signature', ''],
    ['a wrong secret', signWebhook(Buffer.from('x'.repeat(32)), Buffer.from('{}'))],
    ['a stale signature', 'stale'],
  ])('changes nothing for a webhook with %s', async (_name, header) => {
    const { fan, id, providerId } = await pendingPayment();
    const event = sandbox().event('payment.succeeded', id, providerId, { card: null });
    const body = Buffer.from(JSON.stringify(event));
    const signature = header === 'stale' ? signWebhook(secret, body, Date.now() - 10 * 60_000) : header;
    const before = await ledgerRows();
    const res = await post(event, signature);
    expect([res.statusCode, res.json().message]).toEqual([400, 'The webhook signature is missing or wrong.']);
    expect(await ledgerRows()).toBe(before);
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
    expect(await t.db.$count(paymentEvents, eq(paymentEvents.eventId, event.id))).toBe(0);
  });

  it('changes nothing for a signed body that was altered after signing', async () => {
    const { fan, id, providerId } = await pendingPayment();
    const event = sandbox().event('payment.succeeded', id, providerId, { card: null });
    const signature = signWebhook(secret, Buffer.from(JSON.stringify(event)));
    const res = await post({ ...event, id: 'evt_other' }, signature);
    expect(res.statusCode).toBe(400);
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
  });
});

describe('signed webhooks Cove cannot use', () => {
  const unusable: [string, (e: SandboxEvent) => unknown][] = [
    ['an unknown type', (e) => ({ ...e, type: 'payment.captured' })],
    ['no data', (e) => ({ ...e, data: undefined })],
    ['no event id', (e) => ({ ...e, id: undefined })],
    ['an empty provider payment id', (e) => ({ ...e, data: { ...e.data, provider_payment_id: '' } })],
    ['a numeric payment id', (e) => ({ ...e, data: { ...e.data, payment_id: 42 } })],
    [
      'a card without its last four',
      (e) => ({ ...e, data: { ...e.data, card: { ref: 'card_x', brand: 'VISA' } } }),
    ],
    [
      'a decline reason Cove does not know',
      (e) => ({ ...e, type: 'payment.failed', data: { ...e.data, reason: 'x' } }),
    ],
    ['an array', () => []],
    ['null', () => null],
  ];

  it.each(unusable)('acknowledges one with %s, logs a warning and changes nothing', async (_name, spoil) => {
    const { fan, id, providerId } = await pendingPayment();
    const event = sandbox().event('payment.succeeded', id, providerId, { card: null });
    const before = await ledgerRows();
    warned = '';
    const res = await postRaw(JSON.stringify(spoil(event)));
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    expect(warned).toContain('"level":40');
    expect(warned).toContain('webhook not applied');
    expect(await ledgerRows()).toBe(before);
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
    const [p] = await t.db.select().from(payments).where(eq(payments.id, id));
    expect(p?.status).toBe('pending');
    expect(await t.db.$count(paymentEvents, eq(paymentEvents.paymentId, id))).toBe(0);
  });

  it('acknowledges a signed body that is not JSON', async () => {
    warned = '';
    const res = await postRaw('{"id": "evt_cut');
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    expect(warned).toContain('webhook not applied');
  });

  it('still refuses the same bodies unsigned', async () => {
    for (const body of ['{"id": "evt_cut', JSON.stringify({ id: 'evt_x', type: 'payment.captured' })]) {
      const res = await postRaw(body, '');
      expect([res.statusCode, res.json().message]).toEqual([
        400,
        'The webhook signature is missing or wrong.',
      ]);
    }
  });
});

describe('refunds and chargebacks', () => {
  it('a refund takes back the credits, bonus included', async () => {
    const fan = await person(t);
    const paid = (await payWithCard(t.app, fan.api, CARDS.visa, { amount: 500 })).json();
    expect(await creditsOf(t.db, fan.user.id)).toBe(570);
    await sandbox().refund(`pi_${String(paid.payment_id).replaceAll('-', '')}`);
    await eventually(
      () => creditsOf(t.db, fan.user.id),
      (c) => c === 0,
    );
    expect((await fan.api.get(`/v1/payment/${paid.payment_id}`)).json().data.status).toBe('refunded');
    expect((await fan.api.get('/v1/users/me')).json().credits).toBe(0);
  });

  it('a chargeback locks the message it paid for and leaves what was spent as debt, repaid first', async () => {
    const { fan, creator } = await fanAndCreator(t, { rate: 0 });
    const sent = await creator.api.post('/v1/messages', text(fan.user.id, 'A secret song', { price: 60 }));
    const messageId = sent.json().data._id as string;
    const paid = (await payWithCard(t.app, fan.api, CARDS.visa, { message_id: messageId })).json();
    expect(await creditsOf(t.db, fan.user.id)).toBe(60);
    // The fan spends 50 of the rest on another paid message.
    const other = await creator.api.post('/v1/messages', text(fan.user.id, 'Another', { price: 50 }));
    expect((await fan.api.patch(`/v1/messages/${other.json().data._id}/buy`)).statusCode).toBe(200);
    expect(await creditsOf(t.db, fan.user.id)).toBe(10);
    const earned = await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' });

    await sandbox().dispute(`pi_${String(paid.payment_id).replaceAll('-', '')}`);
    await eventually(
      () => fan.api.get(`/v1/payment/${paid.payment_id}`),
      (r) => r.json().data.status === 'charged_back',
    );
    expect(await t.db.$count(purchases, eq(purchases.messageId, Number(messageId)))).toBe(0);
    expect((await fan.api.get(`/v1/messages?ids=${messageId}`)).json().data[0]).toMatchObject({
      paid: false,
      text: '',
    });
    // 120 credits came in; 60 went back with the unlock; the fan held 70, owes the 50 spent.
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
    expect(await balanceOf(t.db, { owner: fan.user.id, kind: 'debt' })).toBe(-50);
    expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(earned - 48);
    // The creator is told, so their header's available earnings are re-read.
    expect(await eventsOf(t, creator.user.id, ['earnings_updated'])).toEqual([{ type: 'earnings_updated' }]);

    const next = await payWithCard(t.app, fan.api, CARDS.visa);
    expect(next.json().credits).toBe(50);
    expect(await balanceOf(t.db, { owner: fan.user.id, kind: 'debt' })).toBe(0);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });
});

describe('webhook delivery', () => {
  it('reaches Cove through the queue after a success at the provider', async () => {
    const { id } = await pendingPayment();
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/3ds/pi_${id.replaceAll('-', '')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve',
    });
    const applied = await eventually(
      () => t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id)),
      (rows) => rows.length > 0,
    );
    expect(applied.map((r) => r.type)).toEqual(['payment.succeeded']);
  });
});
