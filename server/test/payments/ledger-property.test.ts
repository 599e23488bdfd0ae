import { and, eq, sql } from 'drizzle-orm';
import { payments } from '../../src/db/schema';
import { rowsOf } from '../../src/db/rows';
import { person, text } from '../helpers/chats';
import { balances, ledgerViolations, noViolations, webhooksSettled } from '../helpers/payment-invariants';
import { CARDS, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { FanModel } from './ledger-model';
import { ledgerWalk, providerIdOf, rowOf, settledAt } from './ledger-walk';

// A seeded random walk over everything that moves credits, checked step by step against a model of
// what each fan, creator and the platform should hold. LEDGER_SEED=<n> replays a failed run.
const SEED = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STEPS = Number(process.env.LEDGER_STEPS ?? 300);
const FANS = 4;
const RATES = [0, 3, 7];

let t: TestApp;
let walk: ReturnType<typeof ledgerWalk>;

beforeAll(async () => {
  // Declines are part of the walk; the card-testing limit is tested on its own.
  t = await createTestApp({ env: { PAYMENT_DECLINES_PER_HOUR: '1000' } });
  walk = ledgerWalk(t, SEED);
  const { creators, fans } = walk.model;
  for (const rate of RATES)
    creators.push({
      party: await person(t, { type: 'featured', creditRate: rate, introEnabled: false }),
      rate,
      earnings: 0,
    });
  for (let i = 0; i < FANS; i++) {
    const party = await person(t, { type: 'user' });
    const fan: FanModel = { party, credits: 0, debt: 0, paidOnce: false, chats: new Map() };
    for (const c of creators) {
      const res = await party.api.post('/v1/chat', { recipient_id: c.party.user.id });
      expect(res.statusCode).toBe(200);
      fan.chats.set(c.party.user.id, res.json().data._id);
    }
    fans.push(fan);
  }
}, 30_000);
afterAll(() => t?.close());

// Filled by the walk, read by the checks after it.
let walked = false;

describe(`a random walk of ${STEPS} payments, refunds, chargebacks, redeliveries and spends (LEDGER_SEED=${SEED})`, () => {
  it('keeps every fan at exactly the credits and debt their payments and spending add up to, at every step', async () => {
    await walk.withSeed(async () => {
      for (let i = 0; i < STEPS; i++) await walk.step(i);
      // Whatever 3-D Secure check is still open is answered, so every payment ends decided.
      for (const p of walk.model.paymentsMade.filter((x) => x.status === 'pending'))
        await walk.completeChallenge(p, true, false);
      await webhooksSettled(t.db);
      walked = true;
      for (const fan of walk.model.fans) await walk.expectFan(fan);
    });
    // The walk reached every kind of operation (a seed that does not is too short a walk).
    expect([...walk.counts.keys()].sort()).toHaveLength(14);
    // 300 steps take 20-40 s alone; a loaded machine has taken over 90.
  }, 180_000);

  it('never loses or invents a credit: balanced transactions, true cached balances, no credits below zero', async () => {
    expect(walked).toBe(true);
    await walk.withSeed(async () => {
      expect(await ledgerViolations(t.db)).toEqual(noViolations);
    });
  });

  it('pays each creator exactly their share of what fans spent with them, and the platform the rest', async () => {
    expect(walked).toBe(true);
    await walk.withSeed(async () => {
      const all = await balances(t.db);
      for (const c of walk.model.creators)
        expect(all.get(`${c.party.user.id}:earnings`) ?? 0).toBe(c.earnings);
      expect(all.get('platform:platform_revenue') ?? 0).toBe(walk.model.platformRevenue);
      // The provider owes the price of every payment that kept its money; promotions paid every bonus kept.
      const kept = walk.model.paymentsMade.filter((p) => p.status === 'succeeded');
      expect(-(all.get('platform:provider_clearing') ?? 0)).toBe(kept.reduce((n, p) => n + p.amount, 0));
      expect(-(all.get('platform:promotions') ?? 0)).toBe(kept.reduce((n, p) => n + p.credits - p.amount, 0));
      // Double entry: everyone's credits, debts and earnings and the platform's accounts sum to zero.
      expect([...all.values()].reduce((n, v) => n + v, 0)).toBe(0);
    });
  });

  it('records each payment once with the state the provider last reported', async () => {
    expect(walked).toBe(true);
    await walk.withSeed(async () => {
      for (const p of walk.model.paymentsMade) await walk.expectPayment(p);
      const stored = await t.db.$count(payments);
      expect(stored).toBe(walk.model.paymentsMade.length + (walk.counts.get('declined card') ?? 0));
    });
  });
});

describe('a message unlocked by a payment and taken back by its chargeback', () => {
  // A chargeback retires the purchase's ledger key, so the same message can be bought again.
  it('can be unlocked again by a new payment, so the fan does not pay for an unlock they never get', async () => {
    const fan = await person(t, { type: 'user' });
    const creator = await person(t, { type: 'featured', creditRate: 0 });
    await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
    const sent = await creator.api.post('/v1/messages', text(fan.user.id, 'secret', { price: 50 }));
    const messageId = sent.json().data._id as string;
    const first = (await payWithCard(t.app, fan.api, CARDS.visa, { message_id: messageId })).json();
    expect((await rowOf(t, first.payment_id))?.actionStatus).toBe('done');
    await t.app.payments.sandbox?.dispute(providerIdOf(first.payment_id));
    await settledAt(t, first.payment_id, 'charged_back');
    // The chargeback locked the message again and took every credit back.
    expect((await fan.api.get(`/v1/messages?ids=${messageId}`)).json().data[0]).toMatchObject({
      paid: false,
    });

    const again = await payWithCard(t.app, fan.api, CARDS.visa, { message_id: messageId });
    expect(again.statusCode).toBe(200);
    const row = await rowOf(t, again.json().payment_id);
    const bought = await t.db.execute(
      sql`select 1 from purchases where message_id = ${Number(messageId)} and buyer_id = ${fan.user.id}`,
    );
    // Either the message is unlocked, or the payment says it was not (and the credits stay).
    expect({
      action: row?.actionStatus,
      unlocked: row?.unlockedMessageId === null ? null : String(row?.unlockedMessageId),
      purchases: rowsOf(bought).length,
    }).toEqual({ action: 'done', unlocked: messageId, purchases: 1 });
    expect(
      await t.db.$count(payments, and(eq(payments.userId, fan.user.id), eq(payments.status, 'succeeded'))),
    ).toBe(1);
  });
});
