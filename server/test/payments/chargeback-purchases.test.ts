import { and, eq } from 'drizzle-orm';
import { feedPurchases, subscriptions } from '../../src/db/schema';
import { balanceMismatches, balanceOf, creditsOf } from '../../src/ledger/ledger';
import { applyProviderEvent } from '../../src/payments/apply-event';
import { finishPaymentAction } from '../../src/payments/finish-action';
import { renewDue } from '../../src/subscriptions/renew';
import type { SandboxEvent } from '../../src/payments/sandbox/sandbox-provider';
import { eventsOf } from '../earnings/helpers';
import { type Party, person } from '../helpers/chats';
import { CARDS, payWithCard } from '../helpers/payments';
import { appForFile } from '../helpers/file-app';
import { deliverWebhook, sandboxOf } from '../helpers/sandbox-webhooks';
import { post } from '../feed/world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

const sandbox = () => sandboxOf(t.app);
const deliver = (event: SandboxEvent) => deliverWebhook(t, event);

/** A fan with no credits and a creator who sells a post ($6.00) and subscriptions ($5.00). */
async function world() {
  const fan = await person(t, { type: 'user' });
  const creator = await person(t, { type: 'featured', creditRate: 0, subscriptionPrice: 50 });
  const item = await post(creator, { type: 'text', text: 'the paid post', price: 60 });
  return { fan, creator, postId: item._id };
}
type World = Awaited<ReturnType<typeof world>>;

const providerIdOf = (id: string) => `pi_${id.replaceAll('-', '')}`;

/** A 3-D Secure payment whose success has landed (credits in) with what it was for still to finish. */
async function landed(w: World, extra: Record<string, unknown>) {
  const res = await payWithCard(t.app, w.fan.api, CARDS.threeDs, extra);
  const id = res.json().payment_id as string;
  const success = sandbox().event('payment.succeeded', id, providerIdOf(id), { card: null });
  await applyProviderEvent(t.app, 'sandbox', {
    id: success.id,
    paymentId: id,
    providerPaymentId: providerIdOf(id),
    type: 'payment.succeeded',
    card: null,
  });
  const dispute = () => deliver(sandbox().event('payment.disputed', id, providerIdOf(id), {}));
  return { id, dispute };
}

const paymentView = async (fan: Party, id: string) =>
  (await fan.api.get(`/v1/payment/${id}`)).json().data as Record<string, unknown>;

const postOf = async (w: World) =>
  ((await w.fan.api.get(`/v1/feed?model_id=${w.creator.user.id}`)).json().data as { _id: string }[]).find(
    (p) => p._id === w.postId,
  );

const history = async (fan: Party) =>
  ((await fan.api.get('/v1/history')).json().data as { _id: string; kind: string; amount: number }[]).map(
    (r) => [r.kind, r.amount],
  );

const subscriptionOf = async (w: World) =>
  (
    await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.fanId, w.fan.user.id), eq(subscriptions.creatorId, w.creator.user.id)))
  )[0];

/** Nothing of the payment is left: no credits, no debt, no earnings, and the books balance. */
async function nothingLeft(w: World) {
  expect(await creditsOf(t.db, w.fan.user.id)).toBe(0);
  expect(await balanceOf(t.db, { owner: w.fan.user.id, kind: 'debt' })).toBe(0);
  expect(await balanceOf(t.db, { owner: w.creator.user.id, kind: 'earnings' })).toBe(0);
  expect(await balanceMismatches(t.db)).toEqual([]);
}

describe('a chargeback on a payment that unlocked a post', () => {
  it('locks the post again, takes the creator’s share back, and the history says so', async () => {
    const w = await world();
    const { id, dispute } = await landed(w, { feed_id: w.postId });
    await finishPaymentAction(t.app, id);
    expect(await postOf(w)).toMatchObject({ unlocked: true });
    expect(await balanceOf(t.db, { owner: w.creator.user.id, kind: 'earnings' })).toBe(48);

    expect((await dispute()).statusCode).toBe(200);
    expect(await paymentView(w.fan, id)).toMatchObject({ status: 'charged_back', action_status: 'done' });
    expect(await postOf(w)).toMatchObject({ unlocked: false, text: '' });
    expect(await t.db.$count(feedPurchases, eq(feedPurchases.buyerId, w.fan.user.id))).toBe(0);
    await nothingLeft(w);
    expect(await eventsOf(t, w.creator.user.id, ['earnings_updated'])).toEqual([
      { type: 'earnings_updated' },
    ]);
    expect(await history(w.fan)).toEqual([
      ['chargeback', -120],
      ['unlock_reversed', 60],
      ['post_unlock', -60],
      ['credit_purchase', 120],
    ]);
    const rows = (await w.fan.api.get('/v1/history?kind=post_unlock')).json().data as { _id: string }[];
    const unlock = await w.fan.api.get(`/v1/history/${rows[0]?._id ?? ''}`);
    expect(unlock.json().data).toMatchObject({ kind: 'post_unlock', status: 'reversed' });
  });

  it('lets the fan buy the post again afterwards', async () => {
    const w = await world();
    const { id, dispute } = await landed(w, { feed_id: w.postId });
    await finishPaymentAction(t.app, id);
    await dispute();
    const again = await payWithCard(t.app, w.fan.api, CARDS.visa, { feed_id: w.postId });
    expect(again.json()).toMatchObject({ result: 'success' });
    expect(await postOf(w)).toMatchObject({ unlocked: true });
  });
});

describe('a chargeback on a payment that started a subscription', () => {
  it('ends the subscription at once with no renewal, and takes the period back', async () => {
    const w = await world();
    const { id, dispute } = await landed(w, { model_id: w.creator.user.id, subscribe: true });
    await finishPaymentAction(t.app, id);
    expect(await subscriptionOf(w)).toMatchObject({ status: 'active' });

    await dispute();
    const sub = await subscriptionOf(w);
    expect(sub).toMatchObject({ status: 'expired' });
    expect(sub?.currentPeriodEnd.getTime()).toBeLessThanOrEqual(Date.now());
    const profile = (await w.fan.api.get(`/v1/users/${w.creator.user.id}/profile`)).json().data;
    expect(profile.subscription?.status ?? null).not.toBe('active');
    await nothingLeft(w);
    expect(await eventsOf(t, w.fan.user.id, ['subscription_updated'])).toContainEqual({
      type: 'subscription_updated',
      model_id: w.creator.user.id,
      status: 'expired',
    });
    expect(await history(w.fan)).toEqual([
      ['chargeback', -120],
      ['subscription_refund', 50],
      ['subscription', -50],
      ['credit_purchase', 120],
    ]);
    const rows = (await w.fan.api.get('/v1/history?kind=subscription')).json().data as { _id: string }[];
    const bought = await w.fan.api.get(`/v1/history/${rows[0]?._id ?? ''}`);
    expect(bought.json().data).toMatchObject({ kind: 'subscription', status: 'reversed' });
  });

  it('takes nothing back once the subscription has renewed on other credits', async () => {
    const w = await world();
    const { id, dispute } = await landed(w, { model_id: w.creator.user.id, subscribe: true });
    await finishPaymentAction(t.app, id);
    // The period the payment bought is over, and the next one was charged.
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.fanId, w.fan.user.id));
    await renewDue(t.app);
    expect(await subscriptionOf(w)).toMatchObject({ status: 'active', period: 2 });

    await dispute();
    expect(await subscriptionOf(w)).toMatchObject({ status: 'active', period: 2 });
    expect(await balanceOf(t.db, { owner: w.creator.user.id, kind: 'earnings' })).toBe(80);
    // 120 in, 100 spent on two periods: the 20 held go back, the 100 spent become debt.
    expect(await balanceOf(t.db, { owner: w.fan.user.id, kind: 'debt' })).toBe(-100);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });
});

describe('a chargeback racing what its payment pays for', () => {
  it.each([
    ['post', (w: World) => ({ feed_id: w.postId })],
    ['subscription', (w: World) => ({ model_id: w.creator.user.id, subscribe: true })],
  ] as const)('leaves no %s and no money either way, however they interleave', async (kind, intent) => {
    for (let round = 0; round < 3; round++) {
      const w = await world();
      const { id, dispute } = await landed(w, intent(w));
      await Promise.all([finishPaymentAction(t.app, id), dispute(), finishPaymentAction(t.app, id)]);
      expect(await paymentView(w.fan, id)).toMatchObject({ status: 'charged_back' });
      if (kind === 'post') {
        expect(await t.db.$count(feedPurchases, eq(feedPurchases.buyerId, w.fan.user.id))).toBe(0);
        expect(await postOf(w)).toMatchObject({ unlocked: false });
      } else expect((await subscriptionOf(w))?.status ?? 'expired').toBe('expired');
      await nothingLeft(w);
    }
  });
});
