import { randomUUID } from 'node:crypto';
import { revokeUnlock } from '../../src/payments/payment-ledger';
import { renewDue } from '../../src/subscriptions/renew';
import { fanAndCreator, grantCredits, person, text } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { subscriptionOf } from '../subscriptions/helpers';

const t = balancedAppForFile();

async function pair(credits = 5000) {
  const party = await fanAndCreator(t, { credits, rate: 0, creator: { subscriptionPrice: 100 } });
  return party;
}

const profileOf = (p: Awaited<ReturnType<typeof pair>>) => p.creator.api.get(`/v1/chats/${p.chatId}/fan`);

async function paidMessage(p: Awaited<ReturnType<typeof pair>>, price: number) {
  const sent = await p.creator.api.post('/v1/messages', text(p.fan.user.id, 'A secret', { price }));
  expect(sent.statusCode).toBe(200);
  return Number(sent.json().data._id);
}

describe("a creator's view of her fan", () => {
  it('adds up unlocks, tips and subscription periods with their renewals, and names the last one', async () => {
    const p = await pair();
    expect((await profileOf(p)).json().data).toEqual({
      chat_id: p.chatId,
      fan_id: p.fan.user.id,
      spent: 0,
      subscription: null,
      last_purchase: null,
      vip: false,
      list_ids: [],
    });

    const messageId = await paidMessage(p, 50);
    expect((await p.fan.api.patch(`/v1/messages/${messageId}/buy`)).statusCode).toBe(200);
    const tip = await p.fan.api.post('/v1/messages/tip', {
      chat_id: p.chatId,
      amount: 30,
      send_id: randomUUID(),
    });
    expect(tip.statusCode).toBe(200);
    let figures = (await profileOf(p)).json().data;
    expect(figures).toMatchObject({ spent: 80, last_purchase: { kind: 'tip', amount: 30 } });

    const subscribed = await p.fan.api.post('/v1/subscriptions', {
      model_id: p.creator.user.id,
      send_id: 's1',
    });
    expect(subscribed.statusCode).toBe(200);
    const row = await subscriptionOf(t, p.fan, p.creator);
    figures = (await profileOf(p)).json().data;
    expect(figures).toMatchObject({
      spent: 180,
      subscription: { since: row.createdAt.toISOString(), renews: true },
      last_purchase: { kind: 'subscription', amount: 100 },
    });

    // A renewal is one more period paid; the run he started stays the "since".
    await renewDue({ db: t.db, realtime: t.app.realtime }, new Date(row.currentPeriodEnd.getTime() + 60_000));
    const renewed = await subscriptionOf(t, p.fan, p.creator);
    expect(renewed.period).toBe(2);
    figures = (await profileOf(p)).json().data;
    expect(figures).toMatchObject({
      spent: 280,
      subscription: {
        since: row.createdAt.toISOString(),
        renews: true,
        period_end: renewed.currentPeriodEnd.toISOString(),
      },
    });

    // Canceled: still a subscriber until the period ends, but it does not renew.
    expect((await p.fan.api.delete(`/v1/subscriptions?ids=${row.id}`)).json()).toEqual({ canceled: 1 });
    figures = (await profileOf(p)).json().data;
    expect(figures.subscription).toMatchObject({
      renews: false,
      period_end: renewed.currentPeriodEnd.toISOString(),
    });
  });

  it('takes a refunded unlock back out of the total', async () => {
    const p = await pair();
    const first = await paidMessage(p, 70);
    const second = await paidMessage(p, 20);
    expect((await p.fan.api.patch(`/v1/messages/${first}/buy`)).statusCode).toBe(200);
    expect((await p.fan.api.patch(`/v1/messages/${second}/buy`)).statusCode).toBe(200);
    expect((await profileOf(p)).json().data.spent).toBe(90);

    await t.db.transaction((tx) => revokeUnlock(tx, p.fan.user.id, first));
    const figures = (await profileOf(p)).json().data;
    expect(figures).toMatchObject({ spent: 20, last_purchase: { kind: 'unlock', amount: 20 } });
  });

  it('counts only what he paid her, not what he paid another creator or was granted', async () => {
    const p = await pair();
    const other = await person(t, { type: 'featured', creditRate: 0 });
    const elsewhere = await p.fan.api.post('/v1/chat', { recipient_id: other.user.id });
    const tip = await p.fan.api.post('/v1/messages/tip', {
      chat_id: elsewhere.json().data._id,
      amount: 40,
      send_id: randomUUID(),
    });
    expect(tip.statusCode).toBe(200);
    await grantCredits(t.db, p.fan.user.id, 500);
    expect((await profileOf(p)).json().data).toMatchObject({ spent: 0, last_purchase: null });
  });

  it('shows nothing to the fan himself, and nothing about another creator’s chat', async () => {
    const p = await pair();
    const fanAsks = await p.fan.api.get(`/v1/chats/${p.chatId}/fan`);
    expect([fanAsks.statusCode, fanAsks.json().code]).toEqual([403, 'forbidden']);
    const stranger = await person(t, { type: 'featured' });
    const other = await stranger.api.get(`/v1/chats/${p.chatId}/fan`);
    expect([other.statusCode, other.json().message]).toEqual([404, 'Chat not found']);
    expect((await stranger.api.get(`/v1/chats/not-an-id/fan`)).statusCode).toBe(404);
    expect((await stranger.api.put(`/v1/chats/${p.chatId}/vip`, { vip: true })).statusCode).toBe(404);
    expect((await p.fan.api.put(`/v1/chats/${p.chatId}/vip`, { vip: true })).statusCode).toBe(403);
  });
});
