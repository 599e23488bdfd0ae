import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { feedPurchases, payments, purchases } from '../../src/db/schema';
import { balanceOf, creditsOf } from '../../src/ledger/ledger';
import { fanAndCreator, type Party, text } from '../helpers/chats';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { post } from '../feed/world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close(), 30_000);

const BLOCKED = { message: "You can't send messages to this user.", code: 'blocked' };

/** A fan with credits in a chat with a creator who sent him a paid message; then one blocks the other. */
async function blockedPair(who: 'creator blocks' | 'fan blocks') {
  const world = await fanAndCreator(t, { credits: 500, rate: 0 });
  const { fan, creator } = world;
  const paid = await creator.api.post('/v1/messages', text(fan.user.id, 'locked', { price: 40 }));
  const [blocker, blocked] = who === 'creator blocks' ? [creator, fan] : [fan, creator];
  expect((await blocker.api.post(`/v1/users/${blocked.user.id}/block`)).statusCode).toBe(200);
  return { ...world, messageId: paid.json().data._id as string };
}

const money = async (fan: Party, creator: Party) => ({
  credits: await creditsOf(t.db, fan.user.id),
  earnings: await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' }),
});

describe.each(['creator blocks', 'fan blocks'] as const)('when the %s the other, no money moves', (who) => {
  it('a tip in credits is refused, however often it is tried', async () => {
    const { fan, creator, chatId } = await blockedPair(who);
    const before = await money(fan, creator);
    const tips = await Promise.all(
      Array.from({ length: 20 }, () =>
        fan.api.post('/v1/messages/tip', { chat_id: chatId, amount: 5, send_id: randomUUID() }),
      ),
    );
    expect(new Set(tips.map((r) => `${r.statusCode} ${r.body}`))).toEqual(
      new Set([`403 ${JSON.stringify(BLOCKED)}`]),
    );
    expect(await money(fan, creator)).toEqual(before);
  });

  it('an unlock in credits is refused', async () => {
    const { fan, creator, messageId } = await blockedPair(who);
    const before = await money(fan, creator);
    const res = await fan.api.patch(`/v1/messages/${messageId}/buy`);
    expect([res.statusCode, res.json()]).toEqual([403, BLOCKED]);
    expect(await money(fan, creator)).toEqual(before);
    expect(await t.db.$count(purchases, eq(purchases.buyerId, fan.user.id))).toBe(0);
  });

  it('a card payment for a tip or an unlock is refused before the card is charged', async () => {
    const { fan, creator, chatId, messageId } = await blockedPair(who);
    const before = await money(fan, creator);
    for (const purpose of [{ chat_id: chatId, tip: 20 }, { message_id: messageId }]) {
      const res = await payWithCard(t.app, fan.api, CARDS.visa, purpose);
      expect([res.statusCode, res.json()]).toEqual([403, BLOCKED]);
    }
    expect(await t.db.$count(payments, eq(payments.userId, fan.user.id))).toBe(0);
    expect(await money(fan, creator)).toEqual(before);
  });

  it('a paid post is not sold', async () => {
    const { fan, creator } = await blockedPair(who);
    const item = await post(creator, { type: 'text', text: 'for sale', price: 20 });
    const before = await money(fan, creator);
    const res = await fan.api.patch(`/v1/feed/${item._id}/buy`);
    expect([res.statusCode, res.json().message]).toEqual([403, 'This creator is not available right now.']);
    expect(await t.db.$count(feedPurchases, eq(feedPurchases.buyerId, fan.user.id))).toBe(0);
    expect(await money(fan, creator)).toEqual(before);
  });
});

describe('a block made while a card payment waits for 3-D Secure', () => {
  it('keeps the bought credits with the fan and delivers no tip', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { rate: 0 });
    const started = await payWithCard(t.app, fan.api, CARDS.threeDs, { chat_id: chatId, tip: 30 });
    const { redirect_url: page, payment_id: id } = started.json();
    expect((await creator.api.post(`/v1/users/${fan.user.id}/block`)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve',
    });
    const done = await eventually(
      async () => (await fan.api.get(`/v1/payment/${id}`)).json().data,
      (p) => p.action_status === 'failed',
    );
    expect(done).toMatchObject({ status: 'succeeded', action_status: 'failed' });
    expect(await creditsOf(t.db, fan.user.id)).toBe(120);
    expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(0);
  });
});

describe('a tip made before the block', () => {
  it('is answered as it was when retried', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100, rate: 0 });
    const tip = { chat_id: chatId, amount: 5, send_id: randomUUID() };
    const first = await fan.api.post('/v1/messages/tip', tip);
    expect(first.statusCode).toBe(200);
    await creator.api.post(`/v1/users/${fan.user.id}/block`);
    const retry = await fan.api.post('/v1/messages/tip', tip);
    expect([retry.statusCode, retry.json().data._id]).toEqual([200, first.json().data._id]);
    expect(await creditsOf(t.db, fan.user.id)).toBe(95);
  });
});
