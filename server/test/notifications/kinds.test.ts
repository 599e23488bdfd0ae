import { randomUUID } from 'node:crypto';
import { type AdminRequest, runAdminCommand } from '../../src/admin/commands';
import { feedFanouts, notifications, subscriptions } from '../../src/db/schema';
import { renewDue } from '../../src/subscriptions/renew';
import { eq } from 'drizzle-orm';
import { balancedAppForFile } from '../helpers/file-app';
import { fanAndCreator, type Party, person, text } from '../helpers/chats';
import { eventually } from '../helpers/payments';
import { creatorWithEarnings, payoutRequest, paypal, setMethod } from '../earnings/helpers';
import { post } from '../feed/world';
import { recordsOf, turnOff } from './helpers';

const t = balancedAppForFile({ env: { PAYOUT_SETTLE_MS: '0' } });

/** Waits until a post's fan-out has reached all of its audience. */
const fannedOut = (postId: string) =>
  eventually(
    async () => (await t.db.select().from(feedFanouts).where(eq(feedFanouts.postId, postId)))[0]?.state,
    (state) => state === 'added',
    30_000,
  );

const ok = async <R extends { statusCode: number; body: string }>(res: Promise<R>): Promise<R> => {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`request refused: ${r.body}`);
  return r;
};

const admin = (command: AdminRequest['command'], who: Party) =>
  runAdminCommand(t.db, t.app.realtime, { actor: 'ops@test', command, email: who.user.email, args: [] });

describe('messages', () => {
  it('gather in one record per chat while unread, and reading the chat reads it', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { rate: 0 });
    await ok(creator.api.post('/v1/messages', text(fan.user.id, 'Hi   there')));
    expect(await recordsOf(fan, 'message')).toMatchObject([
      { count: 1, detail: 'Hi there', chat_id: chatId, url: `/chats/${creator.user.id}`, read: false },
    ]);
    await ok(creator.api.post('/v1/messages', text(fan.user.id, 'Still there?')));
    expect(await recordsOf(fan, 'message')).toMatchObject([{ count: 2, detail: 'Still there?' }]);
    await ok(fan.api.patch('/v1/chats', { action: 'read', ids: [chatId] }));
    expect(await recordsOf(fan, 'message')).toMatchObject([{ count: 2, read: true }]);
    // The next message starts a new record.
    await ok(creator.api.post('/v1/messages', text(fan.user.id, 'Back')));
    expect((await recordsOf(fan, 'message')).map((n) => [n.count, n.read])).toEqual([
      [1, false],
      [2, true],
    ]);
    // The sender is told nothing of their own messages.
    expect(await recordsOf(creator, 'message')).toEqual([]);
  });

  it('never show a paid message, and stop under the Notifications setting', async () => {
    const { fan, creator } = await fanAndCreator(t, { rate: 0 });
    await ok(creator.api.post('/v1/messages', text(fan.user.id, 'the secret', { price: 50 })));
    expect(await recordsOf(fan, 'message')).toMatchObject([{ detail: 'Sent you a paid message' }]);
    await turnOff(fan, 'notifications');
    await ok(creator.api.post('/v1/messages', text(fan.user.id, 'anyone?')));
    expect(await recordsOf(fan, 'message')).toHaveLength(1);
  });
});

describe('money the creator receives (the Payments setting)', () => {
  it('records tips in chat and on posts with their amount', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500, rate: 0 });
    await ok(fan.api.post('/v1/messages/tip', { chat_id: chatId, amount: 25, send_id: randomUUID() }));
    const item = await post(creator, { type: 'text', text: 'hello' });
    await ok(fan.api.post(`/v1/feed/${item._id}/tip`, { amount: 40, send_id: randomUUID() }));
    expect(await recordsOf(creator, 'tip')).toMatchObject([
      { amount: 40, post_id: item._id, actor: { _id: fan.user.id } },
      { amount: 25, post_id: null, chat_id: chatId, url: `/chats/${fan.user.id}` },
    ]);
    await turnOff(creator, 'payments');
    await ok(fan.api.post('/v1/messages/tip', { chat_id: chatId, amount: 5, send_id: randomUUID() }));
    expect(await recordsOf(creator, 'tip')).toHaveLength(2);
  });

  it('records a paid message bought and a post unlocked', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 500, rate: 0 });
    const locked = await ok(creator.api.post('/v1/messages', text(fan.user.id, 'A song', { price: 60 })));
    await ok(fan.api.patch(`/v1/messages/${locked.json().data._id}/buy`));
    const item = await post(creator, { type: 'text', text: 'paid words', price: 30 });
    await ok(fan.api.patch(`/v1/feed/${item._id}/buy`));
    expect(await recordsOf(creator, 'purchase')).toMatchObject([{ amount: 60, actor: { _id: fan.user.id } }]);
    expect(await recordsOf(creator, 'post_purchase')).toMatchObject([{ amount: 30, post_id: item._id }]);
    // The buyer is told of nothing they did themselves.
    expect(await recordsOf(fan, 'purchase')).toEqual([]);
  });

  it('records a new subscriber and a renewal', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 500, creator: { subscriptionPrice: 100 } });
    await ok(fan.api.post('/v1/subscriptions', { model_id: creator.user.id, send_id: randomUUID() }));
    expect(await recordsOf(creator, 'new_subscriber')).toMatchObject([{ amount: 100 }]);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.fanId, fan.user.id));
    if (!sub) throw new Error('no subscription');
    await renewDue({ db: t.db, realtime: t.app.realtime }, new Date(sub.currentPeriodEnd.getTime() + 60_000));
    expect(await recordsOf(creator, 'renewal')).toMatchObject([{ amount: 100, actor: { _id: fan.user.id } }]);
  });

  it('makes no sale record with Payments off', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 500, creator: { subscriptionPrice: 100 } });
    await turnOff(creator, 'payments');
    await ok(fan.api.post('/v1/subscriptions', { model_id: creator.user.id, send_id: randomUUID() }));
    const item = await post(creator, { type: 'text', text: 'paid words', price: 30 });
    await ok(fan.api.patch(`/v1/feed/${item._id}/buy`));
    expect(await recordsOf(creator, 'new_subscriber')).toEqual([]);
    expect(await recordsOf(creator, 'post_purchase')).toEqual([]);
  });
});

describe('people (the Notifications setting)', () => {
  it('records a new follower once, and a post to followers', async () => {
    const creator = await person(t, { type: 'featured' });
    const fan = await person(t, { type: 'user' });
    await ok(fan.api.patch(`/v1/users/${creator.user.id}/follow`));
    await ok(fan.api.patch(`/v1/users/${creator.user.id}/follow`));
    expect(await recordsOf(creator, 'new_follower')).toMatchObject([{ actor: { _id: fan.user.id } }]);
    const item = await post(creator, { type: 'text', text: 'news' });
    // Posts reach followers through the post's fan-out job, records with the counts.
    await fannedOut(item._id);
    expect(await recordsOf(fan, 'new_post')).toMatchObject([
      {
        post_id: item._id,
        url: `/creators/${creator.user.id}?post=${item._id}`,
        actor: { _id: creator.user.id },
      },
    ]);
    await turnOff(fan, 'notifications');
    await fannedOut((await post(creator, { type: 'text', text: 'more news' }))._id);
    expect(await recordsOf(fan, 'new_post')).toHaveLength(1);
  });
});

describe('payouts (the Payouts setting)', () => {
  it('records a payout that reached the creator, not one under Payouts off', async () => {
    const { creator } = await creatorWithEarnings(t, 1000);
    await setMethod(t, creator, paypal());
    await ok(creator.api.post('/v2/account/payout', payoutRequest(300)));
    const [record] = await eventually(
      () => recordsOf(creator, 'payout'),
      (r) => r.length === 1,
    );
    expect(record).toMatchObject({ amount: 300, actor: null, url: '/account/earnings/payouts' });
    await turnOff(creator, 'payouts');
    await ok(creator.api.post('/v2/account/payout', payoutRequest(200)));
    await eventually(
      () => creator.api.get('/v1/account/payouts'),
      (r) => (r.json().data as { status: string }[]).every((p) => p.status === 'completed'),
    );
    expect(await recordsOf(creator, 'payout')).toHaveLength(1);
  });
});

describe('staff decisions (always recorded)', () => {
  it('records an approval, a rejection and moderation whatever the settings', async () => {
    const approved = await person(t, { type: 'featured', requiresModeration: true });
    await turnOff(approved, 'notifications');
    await admin('approve', approved);
    expect(await recordsOf(approved, 'application')).toMatchObject([{ detail: 'approved', actor: null }]);
    const rejected = await person(t, { type: 'featured', requiresModeration: true });
    await admin('reject', rejected);
    expect(await recordsOf(rejected, 'application')).toMatchObject([{ detail: 'rejected' }]);
    const frozen = await person(t, { type: 'user' });
    await admin('freeze', frozen);
    await admin('unfreeze', frozen);
    await admin('report', frozen);
    expect((await recordsOf(frozen, 'moderation')).map((n) => n.detail)).toEqual([
      'Cove warned you about a report on your account.',
      'Your account is no longer frozen.',
      'Your account is frozen: chats and payments are paused.',
    ]);
    const banned = await person(t, { type: 'user' });
    await admin('ban', banned);
    const [record] = await t.db
      .select({ detail: notifications.detail })
      .from(notifications)
      .where(eq(notifications.userId, banned.user.id));
    expect(record).toEqual({ detail: 'Your account was banned.' });
  });
});
