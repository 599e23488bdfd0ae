import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { feedPurchases, messages, payments, purchases, subscriptions, users } from '../../src/db/schema';
import { balanceMismatches, balanceOf, creditsOf } from '../../src/ledger/ledger';
import { applyProviderEvent } from '../../src/payments/apply-event';
import { finishPaymentAction } from '../../src/payments/finish-action';
import type { SandboxEvent } from '../../src/payments/sandbox/sandbox-provider';
import { type Party, person, text } from '../helpers/chats';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import { appForFile } from '../helpers/file-app';
import { deliverWebhook, sandboxOf } from '../helpers/sandbox-webhooks';
import { follow, post } from '../feed/world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

const sandbox = () => sandboxOf(t.app);
const deliver = (event: SandboxEvent) => deliverWebhook(t, event);

/** A fan with no credits and a creator who sells posts ($6.00), subscriptions ($5.00) and chats. */
async function world() {
  const fan = await person(t, { type: 'user' });
  const creator = await person(t, { type: 'featured', creditRate: 0, subscriptionPrice: 50 });
  const chat = await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
  const chatId = chat.json().data._id as string;
  const item = await post(creator, { type: 'text', text: 'the paid post', price: 60 });
  return { fan, creator, chatId, postId: item._id };
}
type World = Awaited<ReturnType<typeof world>>;

/** The caller's view of a payment, as the return page reads it. */
const paymentView = async (fan: Party, id: string) =>
  (await fan.api.get(`/v1/payment/${id}`)).json().data as Record<string, unknown>;

const postOf = async (fan: Party, creatorId: string, postId: string) =>
  ((await fan.api.get(`/v1/feed?model_id=${creatorId}`)).json().data as { _id: string }[]).find(
    (p) => p._id === postId,
  );

/** Each thing a payment can be started for: how it is asked for, and what the fan sees once it is done. */
const intents: {
  kind: string;
  start(w: World): Promise<Record<string, unknown>>;
  /** Credits left of the 120 the package and first-purchase bonus gave. */
  left: number;
  finished(w: World, extra: Record<string, unknown>): Promise<void>;
}[] = [
  {
    kind: 'post',
    start: async (w) => ({ feed_id: w.postId }),
    left: 60,
    async finished(w) {
      expect(await postOf(w.fan, w.creator.user.id, w.postId)).toMatchObject({
        unlocked: true,
        text: 'the paid post',
      });
      expect(await t.db.$count(feedPurchases, eq(feedPurchases.buyerId, w.fan.user.id))).toBe(1);
    },
  },
  {
    kind: 'subscription',
    start: async (w) => ({ model_id: w.creator.user.id, subscribe: true }),
    left: 70,
    async finished(w) {
      const profile = (await w.fan.api.get(`/v1/users/${w.creator.user.id}/profile`)).json().data;
      expect(profile.subscription).toMatchObject({ status: 'active' });
      expect(await t.db.$count(subscriptions, eq(subscriptions.fanId, w.fan.user.id))).toBe(1);
    },
  },
  {
    kind: 'message',
    async start(w) {
      const sent = await w.creator.api.post(
        '/v1/messages',
        text(w.fan.user.id, 'A secret song', { price: 40 }),
      );
      return { message_id: sent.json().data._id };
    },
    left: 80,
    async finished(w, extra) {
      const [m] = (await w.fan.api.get(`/v1/messages?ids=${String(extra.message_id)}`)).json().data;
      expect(m).toMatchObject({ text: 'A secret song', paid: true });
      expect(await t.db.$count(purchases, eq(purchases.buyerId, w.fan.user.id))).toBe(1);
    },
  },
  {
    kind: 'tip',
    start: async (w) => ({ chat_id: w.chatId, tip: 30 }),
    left: 90,
    async finished(w) {
      const tips = await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, w.chatId), eq(messages.type, 'tip_user')));
      expect(tips).toHaveLength(1);
    },
  },
  {
    kind: 'post_tip',
    start: async (w) => ({ tip_post: { feed_id: w.postId, amount: 30, message: 'For the paid post!' } }),
    left: 90,
    async finished(w) {
      // One tip, in the fan's chat with the creator, naming the post and carrying the fan's message.
      const tips = await t.db
        .select({ chatId: messages.chatId, postId: messages.tipPostId, note: messages.tipNote })
        .from(messages)
        .where(and(eq(messages.senderId, w.fan.user.id), eq(messages.type, 'tip_user')));
      expect(tips).toEqual([{ chatId: w.chatId, postId: w.postId, note: 'For the paid post!' }]);
      expect(await balanceOf(t.db, { owner: w.creator.user.id, kind: 'earnings' })).toBe(24);
    },
  },
];

describe.each(intents)('a payment for a $kind', ({ kind, start, left, finished }) => {
  it('is finished once the provider says the 3-D Secure payment succeeded, through the sandbox', async () => {
    const w = await world();
    const extra = await start(w);
    const res = await payWithCard(t.app, w.fan.api, CARDS.threeDs, extra);
    expect(res.json()).toMatchObject({ three_ds: true, result: 'pending' });
    const id = res.json().payment_id as string;
    expect(await paymentView(w.fan, id)).toMatchObject({ payment_type: kind, status: 'pending' });

    const back = await t.app.inject({
      method: 'POST',
      url: res.json().redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve',
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain(`paymentId=${id}`);
    const done = await eventually(
      () => paymentView(w.fan, id),
      (p) => p.action_status !== 'pending' && p.status === 'succeeded',
    );
    expect(done).toMatchObject({ status: 'succeeded', action_status: 'done', action_error: null });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(left);
    await finished(w, extra);
  });

  it('buys once when the webhook comes twice, after the fan has returned', async () => {
    const w = await world();
    const extra = await start(w);
    const res = await payWithCard(t.app, w.fan.api, CARDS.threeDs, extra);
    const id = res.json().payment_id as string;
    const providerId = `pi_${id.replaceAll('-', '')}`;
    // The fan is back on Cove before the provider's event: reading the payment changes nothing.
    expect(await paymentView(w.fan, id)).toMatchObject({ status: 'pending', action_status: 'none' });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(0);

    const event = sandbox().event('payment.succeeded', id, providerId, { card: null });
    const again = sandbox().event('payment.succeeded', id, providerId, { card: null });
    const answers = await Promise.all([deliver(event), deliver(event), deliver(again)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await paymentView(w.fan, id)).toMatchObject({ status: 'succeeded', action_status: 'done' });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(left);
    await finished(w, extra);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });
});

/** A 3-D Secure payment for the fan's intent, left pending until `land` delivers the provider's success. */
async function started(w: World, extra: Record<string, unknown>) {
  const res = await payWithCard(t.app, w.fan.api, CARDS.threeDs, extra);
  expect(res.statusCode).toBe(200);
  const id = res.json().payment_id as string;
  const land = async () => {
    await deliver(sandbox().event('payment.succeeded', id, `pi_${id.replaceAll('-', '')}`, { card: null }));
    return paymentView(w.fan, id);
  };
  return { id, land };
}

describe('a crash between the credits and the purchase', () => {
  it.each([
    ['post', (w: World) => ({ feed_id: w.postId }), 60],
    ['subscription', (w: World) => ({ model_id: w.creator.user.id, subscribe: true }), 70],
    ['tip on a post', (w: World) => ({ tip_post: { feed_id: w.postId, amount: 25 } }), 95],
  ] as const)('leaves a %s to finish, which many finishers at once do once', async (_kind, intent, left) => {
    const w = await world();
    const res = await payWithCard(t.app, w.fan.api, CARDS.threeDs, intent(w));
    const id = res.json().payment_id as string;
    const event = sandbox().event('payment.succeeded', id, `pi_${id.replaceAll('-', '')}`, { card: null });
    // The success applied, then the process died before the purchase: credits in, the purchase due.
    expect(
      await applyProviderEvent(t.app, 'sandbox', {
        id: event.id,
        paymentId: id,
        providerPaymentId: event.data.provider_payment_id,
        type: 'payment.succeeded',
        card: null,
      }),
    ).toBe('applied');
    expect(await paymentView(w.fan, id)).toMatchObject({ status: 'succeeded', action_status: 'pending' });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(120);

    // The sweep, the redelivered webhook and a second instance's sweep, all at once.
    await Promise.all([
      ...Array.from({ length: 4 }, () => finishPaymentAction(t.app, id)),
      deliver(event),
      deliver(event),
    ]);
    expect(await paymentView(w.fan, id)).toMatchObject({ action_status: 'done' });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(left);
    expect(await balanceOf(t.db, { owner: w.creator.user.id, kind: 'earnings' })).toBe(
      Math.floor((120 - left) * 0.8),
    );
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it('sends a tip on a post to a creator the fan has no chat with yet, opening it once', async () => {
    const fan = await person(t, { type: 'user' });
    const creator = await person(t, { type: 'featured', creditRate: 0 });
    const item = await post(creator, { type: 'text', text: 'hello' });
    const res = await payWithCard(t.app, fan.api, CARDS.threeDs, {
      tip_post: { feed_id: item._id, amount: 40 },
    });
    const id = res.json().payment_id as string;
    const event = sandbox().event('payment.succeeded', id, `pi_${id.replaceAll('-', '')}`, { card: null });
    await Promise.all([deliver(event), deliver(event), finishPaymentAction(t.app, id)]);
    expect(await paymentView(fan, id)).toMatchObject({ payment_type: 'post_tip', action_status: 'done' });
    const tips = await t.db
      .select({ postId: messages.tipPostId })
      .from(messages)
      .where(and(eq(messages.senderId, fan.user.id), eq(messages.type, 'tip_user')));
    expect(tips).toEqual([{ postId: item._id }]);
    expect(await creditsOf(t.db, fan.user.id)).toBe(80);
  });
});

describe('what changed between the start and the landing', () => {
  it('buys nothing when the post got dearer, and the credits stay with the fan', async () => {
    const w = await world();
    const { land } = await started(w, { feed_id: w.postId });
    expect((await w.creator.api.patch(`/v1/feed/${w.postId}`, { price: 90 })).statusCode).toBe(200);
    expect(await land()).toMatchObject({
      status: 'succeeded',
      action_status: 'failed',
      action_error: 'The price changed from $6.00 to $9.00 before the payment landed, so nothing was bought.',
    });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(120);
    expect(await postOf(w.fan, w.creator.user.id, w.postId)).toMatchObject({ unlocked: false });
    expect(await balanceOf(t.db, { owner: w.creator.user.id, kind: 'earnings' })).toBe(0);
  });

  it('buys the post at its new price when it got cheaper', async () => {
    const w = await world();
    const { land } = await started(w, { feed_id: w.postId });
    await w.creator.api.patch(`/v1/feed/${w.postId}`, { price: 40 });
    expect(await land()).toMatchObject({ action_status: 'done' });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(80);
  });

  it('buys nothing when the post was deleted', async () => {
    const w = await world();
    const { land } = await started(w, { feed_id: w.postId });
    expect((await w.creator.api.delete(`/v1/feed/${w.postId}`)).statusCode).toBe(204);
    expect(await land()).toMatchObject({ action_status: 'failed', action_error: 'Post not found' });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(120);
  });

  it('buys nothing when the creator blocked the fan meanwhile', async () => {
    const w = await world();
    const { land } = await started(w, { feed_id: w.postId });
    expect((await w.creator.api.post(`/v1/users/${w.fan.user.id}/block`)).statusCode).toBe(200);
    expect(await land()).toMatchObject({ action_status: 'failed' });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(120);
    expect(await t.db.$count(feedPurchases, eq(feedPurchases.buyerId, w.fan.user.id))).toBe(0);
  });

  it('does not subscribe when the creator raised the price, and no chat line says otherwise', async () => {
    const w = await world();
    const { land } = await started(w, { model_id: w.creator.user.id, subscribe: true });
    await t.db.update(users).set({ subscriptionPrice: 80 }).where(eq(users.id, w.creator.user.id));
    expect(await land()).toMatchObject({
      action_status: 'failed',
      action_error: 'The price changed from $5.00 to $8.00 before the payment landed, so nothing was bought.',
    });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(120);
    expect(await t.db.$count(subscriptions, eq(subscriptions.fanId, w.fan.user.id))).toBe(0);
    const lines = await t.db.select().from(messages).where(eq(messages.chatId, w.chatId));
    expect(lines.filter((m) => m.system)).toEqual([]);
  });
});

describe('who may pay for a post or a subscription', () => {
  const refused = async (fan: Party, extra: Record<string, unknown>) => {
    const res = await payWithCard(t.app, fan.api, CARDS.visa, extra);
    expect(await t.db.$count(payments, eq(payments.userId, fan.user.id))).toBe(0);
    return [res.statusCode, res.json().message];
  };

  it('refuses a post the caller cannot buy, before any charge', async () => {
    const w = await world();
    expect(await refused(w.fan, { feed_id: randomUUID() })).toEqual([404, 'Post not found']);
    expect(await refused(w.fan, { feed_id: 'not-a-post' })).toEqual([404, 'Post not found']);
    expect(await refused(w.creator, { feed_id: w.postId })).toEqual([400, 'This post is not for sale.']);
    const free = await post(w.creator, { type: 'text', text: 'free' });
    expect(await refused(w.fan, { feed_id: free._id })).toEqual([400, 'This post is not for sale.']);
    const followers = await post(w.creator, { type: 'text', text: 'x', audience: 'follower', price: 10 });
    expect((await refused(w.fan, { feed_id: followers._id }))[0]).toBe(403);
    const gone = await post(w.creator, { type: 'text', text: 'gone', price: 10 });
    await w.creator.api.delete(`/v1/feed/${gone._id}`);
    expect(await refused(w.fan, { feed_id: gone._id })).toEqual([404, 'Post not found']);
    await w.creator.api.post(`/v1/users/${w.fan.user.id}/block`);
    expect((await refused(w.fan, { feed_id: w.postId }))[0]).toBe(403);
  });

  it('lets a follower pay for a followers-only post, and refuses one already bought', async () => {
    const w = await world();
    const followers = await post(w.creator, { type: 'text', text: 'x', audience: 'follower', price: 10 });
    await follow(t, w.fan, w.creator);
    const paid = await payWithCard(t.app, w.fan.api, CARDS.visa, { feed_id: followers._id });
    expect(paid.json()).toMatchObject({ result: 'success', credits: 110 });
    const again = await payWithCard(t.app, w.fan.api, CARDS.visa, { feed_id: followers._id });
    expect([again.statusCode, again.json().message]).toEqual([409, 'You already unlocked this post.']);
  });

  it('refuses a subscription the caller cannot start, and two intents at once', async () => {
    const w = await world();
    expect((await refused(w.fan, { subscribe: true }))[0]).toBe(404);
    expect((await refused(w.creator, { model_id: w.creator.user.id, subscribe: true }))[0]).toBe(400);
    const plain = await person(t, { type: 'featured', subscriptionPrice: 0 });
    expect((await refused(w.fan, { model_id: plain.user.id, subscribe: true }))[0]).toBe(400);
    const two = 'A payment finishes one thing: give one of message_id, feed_id, tip, tip_post or subscribe.';
    expect(await refused(w.fan, { feed_id: w.postId, tip: 5, chat_id: w.chatId })).toEqual([400, two]);
    const tipPost = { feed_id: w.postId, amount: 5 };
    expect(await refused(w.fan, { feed_id: w.postId, tip_post: tipPost })).toEqual([400, two]);
  });

  it('refuses a tip on a post the caller may not tip on, before any charge', async () => {
    const w = await world();
    const tipOn = (feedId: string) => ({ tip_post: { feed_id: feedId, amount: 20 } });
    expect(await refused(w.fan, tipOn(randomUUID()))).toEqual([404, 'Post not found']);
    expect((await refused(w.creator, tipOn(w.postId)))[0]).toBe(400);
    await w.creator.api.post(`/v1/users/${w.fan.user.id}/block`);
    expect((await refused(w.fan, tipOn(w.postId)))[0]).toBe(403);
  });
});

describe('a failed 3-D Secure check', () => {
  it('says the check failed, in its own words, and charges nothing', async () => {
    const w = await world();
    const res = await payWithCard(t.app, w.fan.api, CARDS.threeDs, { feed_id: w.postId });
    const id = res.json().payment_id as string;
    const back = await t.app.inject({
      method: 'POST',
      url: res.json().redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=fail',
    });
    expect(back.headers.location).toContain('3ds=error');
    const failed = await eventually(
      () => paymentView(w.fan, id),
      (p) => p.status === 'failed',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      failure:
        "Your bank's security check (3-D Secure) was not completed, so nothing was charged. Try again.",
      feed_id: w.postId,
    });
    expect(await creditsOf(t.db, w.fan.user.id)).toBe(0);
  });
});
