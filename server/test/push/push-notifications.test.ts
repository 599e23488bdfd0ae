import type { PushPayload } from '@cove/contracts';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { addNotification } from '../../src/notifications/add';
import { withEvents } from '../../src/realtime/with-events';
import { pushSubscriptions, users } from '../../src/db/schema';
import { fanAndCreator, type Party, person, text } from '../helpers/chats';
import { eventually, openSocket, wsBase } from '../helpers/socket';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { browserKeys, type BrowserKeys, type PushService, startPushService } from './push-service';

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** Subscribes a person's browser to the test push service under `name`. */
async function subscribe(who: Party, name: string): Promise<BrowserKeys> {
  const keys = browserKeys();
  const res = await who.api.post('/v1/push/subscriptions', {
    endpoint: service.endpoint(name),
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  expect(res.statusCode).toBe(204);
  return keys;
}

const pushesTo = (name: string) => service.received.filter((p) => p.path === `/push/${name}`);

/** The next push to `name` after the `seen` it already had, decrypted. */
async function nextPush(name: string, keys: BrowserKeys, seen: number): Promise<PushPayload> {
  await eventually(() => pushesTo(name).length > seen);
  const push = pushesTo(name)[seen];
  if (!push) throw new Error('no push');
  return JSON.parse(keys.decrypt(push.body)) as PushPayload;
}

/**
 * Everything queued so far has been pushed: a push to a fresh marker subscriber, queued after, has
 * arrived and no push job is left to run.
 */
async function settled(): Promise<void> {
  const { fan, creator } = await fanAndCreator(t);
  const name = `marker-${fan.user.id}`;
  await subscribe(fan, name);
  expect((await creator.api.post('/v1/messages', text(fan.user.id, 'marker'))).statusCode).toBe(200);
  await eventually(() => pushesTo(name).length > 0);
  await eventually(async () => {
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from pgboss.job
        where name in ('push-fanout', 'push-send') and state in ('created', 'retry', 'active')`),
    );
    return row?.n === 0;
  });
}

test('the key browsers subscribe with is public and signs every push', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/push/key' });
  expect(res.statusCode).toBe(200);
  const key = (res.json() as { public_key: string }).public_key;
  expect(Buffer.from(key, 'base64url')).toHaveLength(65);

  const { fan, creator } = await fanAndCreator(t);
  const keys = await subscribe(fan, 'signed');
  await creator.api.post('/v1/messages', text(fan.user.id, 'hi'));
  await nextPush('signed', keys, 0);
  expect(pushesTo('signed')[0]?.headers.authorization).toContain(`k=${key}`);
});

test('a message to an offline recipient is pushed with the sender as title and the text as body', async () => {
  const { fan, creator } = await fanAndCreator(t);
  const keys = await subscribe(fan, 'offline');
  const res = await creator.api.post('/v1/messages', text(fan.user.id, 'See you   tonight?'));
  expect(res.statusCode).toBe(200);
  expect(await nextPush('offline', keys, 0)).toEqual({
    title: creator.user.username,
    body: 'See you tonight?',
    url: `/chats/${creator.user.id}`,
    tag: `notification-${await recordOf(fan, 'message')}`,
  });
});

test('a paid message never shows its text', async () => {
  const { fan, creator } = await fanAndCreator(t);
  const keys = await subscribe(fan, 'paid');
  const res = await creator.api.post('/v1/messages', text(fan.user.id, 'the secret', { price: 50 }));
  expect(res.statusCode).toBe(200);
  const push = await nextPush('paid', keys, 0);
  expect(push.body).toBe('Sent you a paid message');
  expect(JSON.stringify(push)).not.toContain('secret');
});

test('a recipient online is not pushed to', async () => {
  const { fan, creator } = await fanAndCreator(t);
  await subscribe(fan, 'online');
  const socket = openSocket(wsBase(t.app), fan.token);
  await socket.opened;
  await eventually(async () => {
    const [row] = await t.db.select({ on: users.isOnline }).from(users).where(eq(users.id, fan.user.id));
    return row?.on === true;
  });
  await creator.api.post('/v1/messages', text(fan.user.id, 'are you there?'));
  await socket.until((m) => m.type === 'new_message');
  await settled();
  expect(pushesTo('online')).toHaveLength(0);
  socket.ws.close();
});

test('turning Notifications off stops message pushes', async () => {
  const { fan, creator } = await fanAndCreator(t);
  await subscribe(fan, 'muted');
  const off = await fan.api.patch(`/v1/users/${fan.user.id}`, {
    notification_settings: { notifications: false },
  });
  expect(off.statusCode).toBe(200);
  await creator.api.post('/v1/messages', text(fan.user.id, 'anyone?'));
  await settled();
  expect(pushesTo('muted')).toHaveLength(0);
});

/** The id of the person's newest notification record of a kind. */
async function recordOf(who: Party, kind: string): Promise<string | undefined> {
  const res = await who.api.get('/v1/notifications');
  return (res.json() as { data: { id: string; kind: string }[] }).data.find((n) => n.kind === kind)?.id;
}

/** Records a payout reaching the creator, as settling one does. */
const payoutReached = (creator: Party, amount: number) =>
  withEvents(t.app, (tx, emit) =>
    addNotification(tx, emit, [creator.user.id], {
      kind: 'payout',
      amount,
      url: '/account/earnings/payouts',
    }),
  );

test('payouts are pushed under the Payouts setting', async () => {
  const creator = await person(t, { type: 'featured' });
  const keys = await subscribe(creator, 'payouts');
  await payoutReached(creator, 125);
  expect(await nextPush('payouts', keys, 0)).toEqual({
    title: 'Payout completed',
    body: '$12.50 is on its way to you.',
    url: '/account/earnings/payouts',
    tag: `notification-${await recordOf(creator, 'payout')}`,
  });
  await creator.api.patch(`/v1/users/${creator.user.id}`, { notification_settings: { payouts: false } });
  await payoutReached(creator, 300);
  await settled();
  expect(pushesTo('payouts')).toHaveLength(1);
});

test('payments are pushed under the Payments setting', async () => {
  const fan = await person(t);
  const keys = await subscribe(fan, 'payments');
  await t.app.realtime.emit(fan.user.id, {
    type: 'payment_updated',
    payment_id: 'pay-1',
    status: 'succeeded',
  });
  expect(await nextPush('payments', keys, 0)).toEqual({
    title: 'Payment successful',
    body: 'Your payment went through.',
    url: '/account/history?show=credits',
    tag: 'payment-pay-1',
  });
  await fan.api.patch(`/v1/users/${fan.user.id}`, { notification_settings: { payments: false } });
  await t.app.realtime.emit(fan.user.id, { type: 'payment_updated', payment_id: 'pay-2', status: 'failed' });
  await settled();
  expect(pushesTo('payments')).toHaveLength(1);
});

test('a banned person is not pushed to, nor anyone for a system message', async () => {
  const fan = await person(t);
  await subscribe(fan, 'banned');
  await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, fan.user.id));
  // An event that would be pushed to anyone else (the send path refuses to write to a banned person).
  await t.app.realtime.emit(fan.user.id, {
    type: 'payment_updated',
    payment_id: 'pay-b',
    status: 'refunded',
  });
  // A rate change tells the fan with a system message in the chat, which stays in the app.
  const other = await fanAndCreator(t);
  await subscribe(other.fan, 'system');
  const rate = await other.creator.api.post('/v1/chats/change-rate', { chat_id: other.chatId, rate: 25 });
  expect(rate.statusCode).toBe(200);
  await settled();
  expect(pushesTo('banned')).toHaveLength(0);
  expect(pushesTo('system')).toHaveLength(0);
});

test('an endpoint the push service says is gone is dropped', async () => {
  const { fan, creator } = await fanAndCreator(t);
  await subscribe(fan, 'expired');
  service.answer('expired', 410);
  await creator.api.post('/v1/messages', text(fan.user.id, 'hello?'));
  await eventually(() => pushesTo('expired').length > 0);
  await eventually(async () => {
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, service.endpoint('expired')));
    return rows.length === 0;
  });
});

test('after logout the session is no longer pushed to, and unsubscribing forgets the endpoint', async () => {
  const { fan, creator } = await fanAndCreator(t);
  await subscribe(fan, 'logged-out');
  expect((await fan.api.delete('/v1/auth')).statusCode).toBe(204);
  await creator.api.post('/v1/messages', text(fan.user.id, 'bye'));
  await settled();
  expect(pushesTo('logged-out')).toHaveLength(0);

  const other = await person(t);
  await subscribe(other, 'forgotten');
  const res = await other.api.delete('/v1/push/subscriptions', { endpoint: service.endpoint('forgotten') });
  expect(res.statusCode).toBe(204);
  const left = await t.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, service.endpoint('forgotten')));
  expect(left).toHaveLength(0);
});

test('subscribing needs a signed-in person and an https endpoint', async () => {
  const guest = await t.app.inject({
    method: 'POST',
    url: '/v1/push/subscriptions',
    payload: { endpoint: service.endpoint('guest'), keys: { p256dh: 'a', auth: 'b' } },
  });
  expect(guest.statusCode).toBe(401);
  const someone = await person(t);
  const plain = await someone.api.post('/v1/push/subscriptions', {
    endpoint: 'http://127.0.0.1/push/x',
    keys: { p256dh: 'a', auth: 'b' },
  });
  expect(plain.statusCode).toBe(400);
});
