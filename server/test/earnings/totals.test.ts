import { randomUUID } from 'node:crypto';
import { revokeUnlock } from '../../src/payments/payment-ledger';
import { fanAndCreator, text } from '../helpers/chats';
import { eventually } from '../helpers/payments';
import { balancedAppForFile } from '../helpers/file-app';
import { backdateEarnings, payoutRequest, paypal, setMethod } from './helpers';

const t = balancedAppForFile({ env: { PAYOUT_SETTLE_MS: '0' } });

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const zero = { messages: 0, ppv: 0, tips: 0, subscriptions: 0, referrals: 0, commissions: 0 };

it('splits a creator’s real sales by source and day, pending for the hold and then available', async () => {
  const { fan, creator, chatId } = await fanAndCreator(t, {
    credits: 1000,
    rate: 10,
    creator: { subscriptionPrice: 100 },
  });
  // A paid message (8), a PPV unlock (40), a tip (20), a subscription (80): 80% each, rounded down.
  expect((await fan.api.post('/v1/messages', text(creator.user.id, 'hello'))).statusCode).toBe(200);
  const paid = await creator.api.post('/v1/messages', text(fan.user.id, 'locked', { price: 50 }));
  const messageId = paid.json().data._id as string;
  expect((await fan.api.patch(`/v1/messages/${messageId}/buy`)).statusCode).toBe(200);
  const tip = { chat_id: chatId, amount: 25, send_id: randomUUID() };
  expect((await fan.api.post('/v1/messages/tip', tip)).statusCode).toBe(200);
  const sub = await fan.api.post('/v1/subscriptions', { model_id: creator.user.id, send_id: randomUUID() });
  expect(sub.statusCode).toBe(200);

  const sales = { messages: 8, ppv: 40, tips: 20, subscriptions: 80, referrals: 0, commissions: 0 };
  expect((await creator.api.get('/v1/account/totals')).json()).toMatchObject({
    available: 0,
    pending: 148,
    lifetime: 148,
    hold_days: 7,
    minimum_payout: 200,
  });
  const today = (await creator.api.get('/v1/account/stats?days=3')).json();
  expect(today.data.map((d: { date: string }) => d.date)).toEqual([day(2), day(1), day(0)]);
  expect(today.data[2]).toEqual({ date: day(0), ...sales });
  expect(today.totals).toEqual(sales);

  await backdateEarnings(t, creator.user.id, 8);
  const totals = (await creator.api.get('/v1/account/totals')).json();
  expect(totals).toMatchObject({ available: 148, pending: 0, lifetime: 148, next_release_at: null });
  const month = (await creator.api.get('/v1/account/stats')).json();
  expect(month.data).toHaveLength(30);
  expect(month.data.find((d: { date: string }) => d.date === day(8))).toEqual({ date: day(8), ...sales });
  expect((await creator.api.get('/v1/account/stats?days=7')).json().totals).toEqual(zero);
  expect((await creator.api.get('/v1/account/stats?days=0')).statusCode).toBe(400);

  // A new tip waits out the hold; a chargeback that takes the unlock back counts at once.
  const later = { chat_id: chatId, amount: 100, send_id: randomUUID() };
  expect((await fan.api.post('/v1/messages/tip', later)).statusCode).toBe(200);
  const pending = (await creator.api.get('/v1/account/totals')).json();
  expect(pending).toMatchObject({ available: 148, pending: 80, lifetime: 228 });
  expect(Date.parse(pending.next_release_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  await t.db.transaction((tx) => revokeUnlock(tx, fan.user.id, Number(messageId)));
  expect((await creator.api.get('/v1/account/totals')).json()).toMatchObject({
    available: 108,
    pending: 80,
    lifetime: 188,
  });
  expect((await creator.api.get('/v1/account/stats?days=1')).json().data[0]).toEqual({
    date: day(0),
    ...zero,
    ppv: -40,
    tips: 80,
  });
});

it('takes a chargeback of a sale still in the hold from pending, never from available', async () => {
  const { fan, creator, chatId } = await fanAndCreator(t, { credits: 1000, rate: 0 });
  const paid = await creator.api.post('/v1/messages', text(fan.user.id, 'locked', { price: 50 }));
  const messageId = paid.json().data._id as string;
  expect((await fan.api.patch(`/v1/messages/${messageId}/buy`)).statusCode).toBe(200);
  const tip = { chat_id: chatId, amount: 25, send_id: randomUUID() };
  expect((await fan.api.post('/v1/messages/tip', tip)).statusCode).toBe(200);
  const before = (await creator.api.get('/v1/account/totals')).json();
  expect(before).toMatchObject({ available: 0, pending: 60, lifetime: 60 });

  await t.db.transaction((tx) => revokeUnlock(tx, fan.user.id, Number(messageId)));
  // Only the tip is left waiting: its release, not the revoked unlock's, is the next one.
  const after = (await creator.api.get('/v1/account/totals')).json();
  expect(after).toMatchObject({ available: 0, pending: 20, lifetime: 20 });
  expect(Date.parse(after.next_release_at)).toBeGreaterThan(Date.parse(before.next_release_at));
  await backdateEarnings(t, creator.user.id, 8);
  expect((await creator.api.get('/v1/account/totals')).json()).toMatchObject({
    available: 20,
    pending: 0,
    lifetime: 20,
    next_release_at: null,
  });
});

it('leaves a negative balance when a chargeback follows a payout, repaid by later earnings', async () => {
  const { fan, creator, chatId } = await fanAndCreator(t, { credits: 1000, rate: 0 });
  const paid = await creator.api.post('/v1/messages', text(fan.user.id, 'locked', { price: 250 }));
  const messageId = paid.json().data._id as string;
  expect((await fan.api.patch(`/v1/messages/${messageId}/buy`)).statusCode).toBe(200);
  await backdateEarnings(t, creator.user.id, 8);
  await setMethod(t, creator, paypal());
  const payout = await creator.api.post('/v2/account/payout', payoutRequest(200));
  expect(payout.statusCode).toBe(200);
  await eventually(
    async () => (await creator.api.get('/v1/account/totals')).json(),
    (x) => x.paid_out === 200,
  );
  await t.db.transaction((tx) => revokeUnlock(tx, fan.user.id, Number(messageId)));
  expect((await creator.api.get('/v1/account/totals')).json()).toMatchObject({
    available: -200,
    lifetime: 0,
    paid_out: 200,
  });
  const refused = await creator.api.post('/v2/account/payout', payoutRequest(200));
  expect(refused.json().message).toBe('You can request at most $0.00, your available earnings.');
  const tip = { chat_id: chatId, amount: 500, send_id: randomUUID() };
  expect((await fan.api.post('/v1/messages/tip', tip)).statusCode).toBe(200);
  await backdateEarnings(t, creator.user.id, 8);
  expect((await creator.api.get('/v1/account/totals')).json()).toMatchObject({
    available: 200,
    lifetime: 400,
  });
});
