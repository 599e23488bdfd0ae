import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { dataDirSecret } from '../../src/data-dir-secret';
import { payments } from '../../src/db/schema';
import { rowsOf } from '../../src/db/rows';
import { balanceOf, creditsOf } from '../../src/ledger/ledger';
import { CREATOR_SHARE } from '../../src/messages/charges';
import { CREDIT_PACKAGES, FIRST_PURCHASE_BONUS } from '../../src/payments/packages';
import { SANDBOX_WEBHOOK_PATH } from '../../src/payments/sandbox/webhook-delivery';
import { signWebhook } from '../../src/payments/webhook-signature';
import { type Party, person, text } from '../helpers/chats';
import { balances, ledgerViolations, noViolations, webhooksSettled } from '../helpers/payment-invariants';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { seededRandom } from '../helpers/seeded-random';

// A seeded random walk over everything that moves credits, checked step by step against a model of
// what each fan, creator and the platform should hold. LEDGER_SEED=<n> replays a failed run.
const SEED = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STEPS = Number(process.env.LEDGER_STEPS ?? 300);
const FANS = 4;
const RATES = [0, 3, 7];

interface FanModel {
  party: Party;
  credits: number;
  debt: number;
  /** A payment of theirs was ever credited: no more first-purchase bonus. */
  paidOnce: boolean;
  chats: Map<string, string>;
}
interface CreatorModel {
  party: Party;
  rate: number;
  earnings: number;
}
interface PaidMessage {
  id: string;
  fan: FanModel;
  creator: CreatorModel;
  price: number;
  bought: boolean;
  /** Bought once and taken back by a chargeback; buying it again is tested on its own below. */
  revoked: boolean;
}
interface PaymentModel {
  id: string;
  fan: FanModel;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded' | 'charged_back';
  amount: number;
  packageBonus: number;
  /** Credits given and the part of them that repaid a debt, once credited. */
  credits: number;
  repaid: number;
  unlocked: PaidMessage | null;
  kind: 'credits' | 'message' | 'tip';
  message?: PaidMessage;
  tip?: { creator: CreatorModel; amount: number };
}

let t: TestApp;
let secret: Buffer;
const rnd = seededRandom(SEED);
const fans: FanModel[] = [];
const creators: CreatorModel[] = [];
const messages: PaidMessage[] = [];
const paymentsMade: PaymentModel[] = [];
let platformRevenue = 0;
const trail: string[] = [];
const counts = new Map<string, number>();

/** Failures name the seed and the last steps, so the run can be replayed. */
async function withSeed(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    const e = err as Error;
    e.message = `LEDGER_SEED=${SEED}\nlast steps:\n  ${trail.slice(-12).join('\n  ')}\n${e.message}`;
    throw e;
  }
}

const share = (price: number) => Math.floor(price * CREATOR_SHARE);

function spend(fan: FanModel, creator: CreatorModel, amount: number) {
  fan.credits -= amount;
  creator.earnings += share(amount);
  platformRevenue += amount - share(amount);
}

/** docs/rules.md: the package, its bonus and the first-purchase bonus; a debt is repaid first. */
function credit(p: PaymentModel) {
  const bonus = p.packageBonus + (p.fan.paidOnce ? 0 : FIRST_PURCHASE_BONUS);
  p.credits = p.amount + bonus;
  p.repaid = Math.min(p.credits, -p.fan.debt);
  p.fan.debt += p.repaid;
  p.fan.credits += p.credits - p.repaid;
  p.fan.paidOnce = true;
  p.status = 'succeeded';
}

/** A refund or chargeback: the credits still held go back, the spent part becomes debt. */
function reverse(p: PaymentModel, kind: 'refunded' | 'charged_back') {
  if (kind === 'charged_back' && p.unlocked) {
    const m = p.unlocked;
    p.fan.credits += m.price;
    m.creator.earnings -= share(m.price);
    platformRevenue -= m.price - share(m.price);
    m.bought = false;
    m.revoked = true;
  }
  const part = p.credits - p.repaid;
  const takenBack = Math.min(p.fan.credits, part);
  p.fan.credits -= takenBack;
  p.fan.debt -= part - takenBack + p.repaid;
  p.status = kind;
}

/** What the payment was for, right after its credits: done when the fan can afford it, else failed. */
function finishAction(p: PaymentModel): 'none' | 'done' | 'failed' {
  if (p.kind === 'message' && p.message) {
    const m = p.message;
    // Bought meanwhile (another payment for it, or a buy): done, with nothing more to unlock.
    if (m.bought) return 'done';
    if (p.fan.credits < m.price) return 'failed';
    spend(p.fan, m.creator, m.price);
    m.bought = true;
    p.unlocked = m;
    return 'done';
  }
  if (p.kind === 'tip' && p.tip) {
    if (p.fan.credits < p.tip.amount) return 'failed';
    spend(p.fan, p.tip.creator, p.tip.amount);
    return 'done';
  }
  return 'none';
}

const rowOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const providerIdOf = (id: string) => `pi_${id.replaceAll('-', '')}`;

async function expectFan(fan: FanModel) {
  expect({
    credits: await creditsOf(t.db, fan.party.user.id),
    debt: await balanceOf(t.db, { owner: fan.party.user.id, kind: 'debt' }),
  }).toEqual({ credits: fan.credits, debt: fan.debt });
}

async function expectPayment(p: PaymentModel, action?: string) {
  const row = await rowOf(p.id);
  expect({ status: row?.status, credits: row?.credits }).toEqual({
    status: p.status,
    credits: p.status === 'failed' || p.status === 'pending' ? 0 : p.credits,
  });
  if (action) expect(row?.actionStatus).toBe(action);
}

/** Waits until the webhooks brought the payment to `status` (and finished what it was for). */
async function settledAt(id: string, status: PaymentModel['status']) {
  const row = await eventually(
    () => rowOf(id),
    (r) => r?.status === status && r.actionStatus !== 'pending',
  );
  expect({ status: row?.status, action: row?.actionStatus === 'pending' }).toEqual({ status, action: false });
}

// ---- the operations ----

async function topUp(
  fan: FanModel,
  extra: Record<string, unknown> = {},
  forWhat: Pick<PaymentModel, 'kind' | 'message' | 'tip'> = { kind: 'credits' },
) {
  const pkg = rnd.pick(CREDIT_PACKAGES);
  const threeDs = rnd.chance(0.3);
  const res = await payWithCard(
    t.app,
    fan.party.api,
    threeDs ? CARDS.threeDs : rnd.pick([CARDS.visa, CARDS.master]),
    {
      amount: pkg.amount,
      ...extra,
    },
  );
  expect(res.statusCode).toBe(200);
  const p: PaymentModel = {
    id: res.json().payment_id,
    fan,
    status: 'pending',
    amount: pkg.amount,
    packageBonus: pkg.bonus,
    credits: 0,
    repaid: 0,
    unlocked: null,
    ...forWhat,
  };
  paymentsMade.push(p);
  if (threeDs) {
    expect(res.json()).toMatchObject({ three_ds: true, result: 'pending' });
    return p;
  }
  credit(p);
  const action = finishAction(p);
  expect(res.json()).toMatchObject({ result: 'success', credits: fan.credits });
  await expectPayment(p, action);
  return p;
}

async function completeChallenge(p: PaymentModel, approve: boolean, refundAtOnce: boolean) {
  const back = await t.app.inject({
    method: 'POST',
    url: `/sandbox/3ds/${providerIdOf(p.id)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${approve ? 'approve' : 'fail'}`,
  });
  expect(back.statusCode).toBe(303);
  // The refund's webhook races the success's: either order must end the same.
  if (refundAtOnce) await t.app.payments.sandbox?.refund(providerIdOf(p.id));
  await settledAt(p.id, !approve ? 'failed' : refundAtOnce ? 'refunded' : 'succeeded');
  if (!approve) p.status = 'failed';
  else {
    credit(p);
    const action = finishAction(p);
    if (refundAtOnce) reverse(p, 'refunded');
    await expectPayment(p, refundAtOnce ? undefined : action);
  }
}

async function send(fan: FanModel, creator: CreatorModel) {
  const res = await fan.party.api.post('/v1/messages', text(creator.party.user.id, 'hi'));
  if (fan.credits >= creator.rate) {
    expect(res.statusCode).toBe(200);
    spend(fan, creator, creator.rate);
    expect(res.json().credits).toBe(fan.credits);
  } else expect(res.statusCode).toBe(402);
}

/** Several sends at once from one fan: exactly as many as the credits pay for go through. */
async function burst(fan: FanModel, creator: CreatorModel) {
  const k = rnd.int(2, 6);
  const answers = await Promise.all(
    Array.from({ length: k }, () => fan.party.api.post('/v1/messages', text(creator.party.user.id, 'burst'))),
  );
  const ok = answers.filter((a) => a.statusCode === 200).length;
  const affordable = creator.rate === 0 ? k : Math.min(k, Math.floor(fan.credits / creator.rate));
  expect([ok, answers.filter((a) => a.statusCode === 402).length]).toEqual([affordable, k - affordable]);
  for (let i = 0; i < ok; i++) spend(fan, creator, creator.rate);
}

async function sendPaid(fan: FanModel, creator: CreatorModel) {
  const price = rnd.int(5, 150);
  const res = await creator.party.api.post('/v1/messages', text(fan.party.user.id, 'paid', { price }));
  expect(res.statusCode).toBe(200);
  messages.push({ id: res.json().data._id, fan, creator, price, bought: false, revoked: false });
}

async function buy(m: PaidMessage) {
  const res = await m.fan.party.api.patch(`/v1/messages/${m.id}/buy`);
  if (m.bought) expect(res.statusCode).not.toBe(200);
  else if (m.fan.credits >= m.price) {
    expect(res.statusCode).toBe(200);
    spend(m.fan, m.creator, m.price);
    m.bought = true;
    expect(res.json().credits).toBe(m.fan.credits);
  } else expect(res.statusCode).toBe(402);
}

async function tip(fan: FanModel, creator: CreatorModel) {
  const amount = rnd.int(1, 60);
  const res = await fan.party.api.post('/v1/messages/tip', {
    chat_id: fan.chats.get(creator.party.user.id),
    amount,
    send_id: randomUUID(),
  });
  if (fan.credits >= amount) {
    expect(res.statusCode).toBe(200);
    spend(fan, creator, amount);
  } else expect(res.statusCode).toBe(402);
}

async function settle(p: PaymentModel, kind: 'refunded' | 'charged_back') {
  const sandbox = t.app.payments.sandbox;
  if (!sandbox) throw new Error('no sandbox');
  await (kind === 'refunded' ? sandbox.refund(providerIdOf(p.id)) : sandbox.dispute(providerIdOf(p.id)));
  await settledAt(p.id, kind);
  reverse(p, kind);
  await expectPayment(p);
}

/** A provider sends an event it already sent (at least once, in any order): nothing changes. */
async function redeliver(throughQueue: boolean) {
  const [job] = rowsOf<{ data: { event: { data: { payment_id: string } } } }>(
    await t.db.execute(sql`select data from pgboss.job where name = 'sandbox-webhooks' and state = 'completed'
      order by random() limit 1`),
  );
  if (!job) return;
  if (throughQueue) {
    await t.app.jobs.boss.send('sandbox-webhooks', job.data);
    return;
  }
  const body = Buffer.from(JSON.stringify(job.data.event));
  const res = await t.app.inject({
    method: 'POST',
    url: SANDBOX_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'cove-signature': signWebhook(secret, body) },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  const p = paymentsMade.find((x) => x.id === job.data.event.data.payment_id);
  if (p) {
    await expectPayment(p);
    await expectFan(p.fan);
  }
}

async function step(i: number) {
  const fan = rnd.pick(fans);
  const creator = rnd.pick(creators);
  const pending = paymentsMade.filter((p) => p.status === 'pending');
  const succeeded = paymentsMade.filter((p) => p.status === 'succeeded');
  const theirs = messages.filter((m) => m.fan === fan && !m.revoked);
  const unbought = theirs.filter((m) => !m.bought);
  const ops: [string, number, () => Promise<unknown>][] = [
    ['top up', 10, () => topUp(fan)],
    [
      'declined card',
      3,
      async () => {
        const res = await payWithCard(
          t.app,
          fan.party.api,
          rnd.pick([CARDS.declined, CARDS.insufficient, CARDS.expired]),
        );
        expect(res.statusCode).toBe(402);
      },
    ],
    [
      '3-D Secure answered',
      pending.length > 0 ? 10 : 0,
      () => {
        const p = rnd.pick(pending);
        const approve = rnd.chance(0.8);
        return completeChallenge(p, approve, approve && p.kind === 'credits' && rnd.chance(0.25));
      },
    ],
    ['message', 14, () => send(fan, creator)],
    ['burst of messages', 4, () => burst(fan, creator)],
    ['paid message sent', 8, () => sendPaid(fan, creator)],
    [
      'paid message bought',
      theirs.length > 0 ? 10 : 0,
      () => buy(rnd.chance(0.85) && unbought.length > 0 ? rnd.pick(unbought) : rnd.pick(theirs)),
    ],
    ['tip', 6, () => tip(fan, creator)],
    [
      'payment to unlock',
      unbought.length > 0 ? 6 : 0,
      () => {
        const m = rnd.pick(unbought);
        return topUp(fan, { message_id: m.id }, { kind: 'message', message: m });
      },
    ],
    [
      'payment to tip',
      4,
      () => {
        const amount = rnd.int(1, 200);
        return topUp(
          fan,
          { chat_id: fan.chats.get(creator.party.user.id), tip: amount },
          { kind: 'tip', tip: { creator, amount } },
        );
      },
    ],
    ['refund', succeeded.length > 0 ? 6 : 0, () => settle(rnd.pick(succeeded), 'refunded')],
    ['chargeback', succeeded.length > 0 ? 6 : 0, () => settle(rnd.pick(succeeded), 'charged_back')],
    ['webhook redelivered', 5, () => redeliver(false)],
    ['webhook queued again', 2, () => redeliver(true)],
  ];
  const total = ops.reduce((n, [, w]) => n + w, 0);
  let roll = rnd.next() * total;
  const chosen = ops.find(([, w]) => (roll -= w) < 0) ?? ops.find(([, w]) => w > 0);
  if (!chosen) throw new Error('no operation to choose');
  const [name, , run] = chosen;
  trail.push(`#${i} ${name} (fan ${fans.indexOf(fan)}, creator ${creators.indexOf(creator)})`);
  counts.set(name, (counts.get(name) ?? 0) + 1);
  await run();
  await expectFan(fan);
}

beforeAll(async () => {
  // Declines are part of the walk; the card-testing limit is tested on its own.
  t = await createTestApp({ env: { PAYMENT_DECLINES_PER_HOUR: '1000' } });
  secret = dataDirSecret(t.config.dataDir, 'payment-webhook-secret', t.config.paymentWebhookSecret);
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
    await withSeed(async () => {
      for (let i = 0; i < STEPS; i++) await step(i);
      // Whatever 3-D Secure check is still open is answered, so every payment ends decided.
      for (const p of paymentsMade.filter((x) => x.status === 'pending'))
        await completeChallenge(p, true, false);
      await webhooksSettled(t.db);
      walked = true;
      for (const fan of fans) await expectFan(fan);
    });
    // The walk reached every kind of operation (a seed that does not is too short a walk).
    expect([...counts.keys()].sort()).toHaveLength(14);
  }, 60_000);

  it('never loses or invents a credit: balanced transactions, true cached balances, no credits below zero', async () => {
    expect(walked).toBe(true);
    await withSeed(async () => {
      expect(await ledgerViolations(t.db)).toEqual(noViolations);
    });
  });

  it('pays each creator exactly their share of what fans spent with them, and the platform the rest', async () => {
    expect(walked).toBe(true);
    await withSeed(async () => {
      const all = await balances(t.db);
      for (const c of creators) expect(all.get(`${c.party.user.id}:earnings`) ?? 0).toBe(c.earnings);
      expect(all.get('platform:platform_revenue') ?? 0).toBe(platformRevenue);
      // The provider owes the price of every payment that kept its money; promotions paid every bonus kept.
      const kept = paymentsMade.filter((p) => p.status === 'succeeded');
      expect(-(all.get('platform:provider_clearing') ?? 0)).toBe(kept.reduce((n, p) => n + p.amount, 0));
      expect(-(all.get('platform:promotions') ?? 0)).toBe(kept.reduce((n, p) => n + p.credits - p.amount, 0));
      // Double entry: everyone's credits, debts and earnings and the platform's accounts sum to zero.
      expect([...all.values()].reduce((n, v) => n + v, 0)).toBe(0);
    });
  });

  it('records each payment once with the state the provider last reported', async () => {
    expect(walked).toBe(true);
    await withSeed(async () => {
      for (const p of paymentsMade) await expectPayment(p);
      const stored = await t.db.$count(payments);
      expect(stored).toBe(paymentsMade.length + (counts.get('declined card') ?? 0));
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
    expect((await rowOf(first.payment_id))?.actionStatus).toBe('done');
    await t.app.payments.sandbox?.dispute(providerIdOf(first.payment_id));
    await settledAt(first.payment_id, 'charged_back');
    // The chargeback locked the message again and took every credit back.
    expect((await fan.api.get(`/v1/messages?ids=${messageId}`)).json().data[0]).toMatchObject({
      paid: false,
    });

    const again = await payWithCard(t.app, fan.api, CARDS.visa, { message_id: messageId });
    expect(again.statusCode).toBe(200);
    const row = await rowOf(again.json().payment_id);
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
