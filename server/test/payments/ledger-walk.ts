import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { dataDirSecret } from '../../src/data-dir-secret';
import { payments } from '../../src/db/schema';
import { rowsOf } from '../../src/db/rows';
import { balanceOf, creditsOf } from '../../src/ledger/ledger';
import { CREDIT_PACKAGES } from '../../src/payments/packages';
import { SANDBOX_WEBHOOK_PATH } from '../../src/payments/sandbox/webhook-delivery';
import { signWebhook } from '../../src/payments/webhook-signature';
import { text } from '../helpers/chats';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import type { TestApp } from '../helpers/test-app';
import { seededRandom } from '../helpers/seeded-random';
import {
  credit,
  emptyLedgerModel,
  finishAction,
  reverse,
  spend,
  type CreatorModel,
  type FanModel,
  type PaidMessage,
  type PaymentModel,
} from './ledger-model';

// The random operations of the ledger's property test: each moves credits on the server and in the
// model (ledger-model.ts) alike, and checks the two agree.

export const rowOf = async (t: TestApp, id: string) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
export const providerIdOf = (id: string) => `pi_${id.replaceAll('-', '')}`;

/** Waits until the webhooks brought the payment to `status` (and finished what it was for). */
export async function settledAt(t: TestApp, id: string, status: PaymentModel['status']) {
  const row = await eventually(
    () => rowOf(t, id),
    (r) => r?.status === status && r.actionStatus !== 'pending',
  );
  expect({ status: row?.status, action: row?.actionStatus === 'pending' }).toEqual({ status, action: false });
}

/** A walk seeded with `seed` over the app's payments and messages; its model starts empty. */
export function ledgerWalk(t: TestApp, seed: number) {
  const secret = dataDirSecret(t.config.dataDir, 'payment-webhook-secret', t.config.paymentWebhookSecret);
  const rnd = seededRandom(seed);
  const model = emptyLedgerModel();
  const { fans, creators, messages, paymentsMade } = model;
  const trail: string[] = [];
  const counts = new Map<string, number>();

  /** Failures name the seed and the last steps, so the run can be replayed. */
  async function withSeed(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      const e = err as Error;
      e.message = `LEDGER_SEED=${seed}\nlast steps:\n  ${trail.slice(-12).join('\n  ')}\n${e.message}`;
      throw e;
    }
  }

  async function expectFan(fan: FanModel) {
    expect({
      credits: await creditsOf(t.db, fan.party.user.id),
      debt: await balanceOf(t.db, { owner: fan.party.user.id, kind: 'debt' }),
    }).toEqual({ credits: fan.credits, debt: fan.debt });
  }

  async function expectPayment(p: PaymentModel, action?: string) {
    const row = await rowOf(t, p.id);
    expect({ status: row?.status, credits: row?.credits }).toEqual({
      status: p.status,
      credits: p.status === 'failed' || p.status === 'pending' ? 0 : p.credits,
    });
    if (action) expect(row?.actionStatus).toBe(action);
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
    const action = finishAction(model, p);
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
    await settledAt(t, p.id, !approve ? 'failed' : refundAtOnce ? 'refunded' : 'succeeded');
    if (!approve) p.status = 'failed';
    else {
      credit(p);
      const action = finishAction(model, p);
      if (refundAtOnce) reverse(model, p, 'refunded');
      await expectPayment(p, refundAtOnce ? undefined : action);
    }
  }

  async function send(fan: FanModel, creator: CreatorModel) {
    const res = await fan.party.api.post('/v1/messages', text(creator.party.user.id, 'hi'));
    if (fan.credits >= creator.rate) {
      expect(res.statusCode).toBe(200);
      spend(model, fan, creator, creator.rate);
      expect(res.json().credits).toBe(fan.credits);
    } else expect(res.statusCode).toBe(402);
  }

  /** Several sends at once from one fan: exactly as many as the credits pay for go through. */
  async function burst(fan: FanModel, creator: CreatorModel) {
    const k = rnd.int(2, 6);
    const answers = await Promise.all(
      Array.from({ length: k }, () =>
        fan.party.api.post('/v1/messages', text(creator.party.user.id, 'burst')),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    const affordable = creator.rate === 0 ? k : Math.min(k, Math.floor(fan.credits / creator.rate));
    expect([ok, answers.filter((a) => a.statusCode === 402).length]).toEqual([affordable, k - affordable]);
    for (let i = 0; i < ok; i++) spend(model, fan, creator, creator.rate);
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
      spend(model, m.fan, m.creator, m.price);
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
      spend(model, fan, creator, amount);
    } else expect(res.statusCode).toBe(402);
  }

  async function settle(p: PaymentModel, kind: 'refunded' | 'charged_back') {
    const sandbox = t.app.payments.sandbox;
    if (!sandbox) throw new Error('no sandbox');
    await (kind === 'refunded' ? sandbox.refund(providerIdOf(p.id)) : sandbox.dispute(providerIdOf(p.id)));
    await settledAt(t, p.id, kind);
    reverse(model, p, kind);
    await expectPayment(p);
  }

  /** A provider sends an event it already sent (at least once, in any order): nothing changes. */
  async function redeliver(throughQueue: boolean) {
    const [job] = rowsOf<{ data: { event: { data: { payment_id: string } } } }>(
      await t.db
        .execute(sql`select data from pgboss.job where name = 'sandbox-webhooks' and state = 'completed'
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

  /** One operation, chosen at random by weight among those the model makes possible, then the fan checked. */
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

  return { model, counts, withSeed, step, completeChallenge, expectFan, expectPayment };
}
