import { systemLineText } from '@cove/contracts';
import { eq, like } from 'drizzle-orm';
import { chatBetween } from '../../src/chats/chat-store';
import { blocks, ledgerTransactions, subscriptions, userEvents } from '../../src/db/schema';
import { balanceOf, creditsOf } from '../../src/ledger/ledger';
import { refundForBlock } from '../../src/subscriptions/end-for-block';
import { renewDue } from '../../src/subscriptions/renew';
import type { Party } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { fanAndCreator, subscribeTo, subscriptionOf, systemMessages } from './helpers';

const t = balancedAppForFile();

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const sweep = (now: Date) => renewDue({ db: t.db, realtime: t.app.realtime }, now);
const earnings = (p: Party) => balanceOf(t.db, { owner: p.user.id, kind: 'earnings' });
const block = (by: Party, other: Party) => by.api.post(`/v1/users/${other.user.id}/block`);

async function subscribed(credits: number, price = 300) {
  const { fan, creator } = await fanAndCreator(t, credits, price);
  expect((await subscribeTo(fan, creator)).statusCode).toBe(200);
  return { fan, creator, row: await subscriptionOf(t, fan, creator) };
}

/** Moves a subscription's period end, as if `daysLeft` days of it were left now. */
async function leave(id: string, daysLeft: number) {
  await t.db
    .update(subscriptions)
    .set({ currentPeriodEnd: new Date(Date.now() + daysLeft * DAY) })
    .where(eq(subscriptions.id, id));
}

const refunds = async (id: string) =>
  t.db
    .select()
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.kind, 'subscription_refund'))
    .then((rows) => rows.filter((r) => r.reference.subscription_id === id));

describe('refundForBlock', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const ending = (ms: number) => ({
    periodPaid: 300,
    months: 1,
    currentPeriodEnd: new Date(now.getTime() + ms),
  });
  it('gives back the days left, a started day counted as left, never more than the price', () => {
    expect(refundForBlock(ending(30 * DAY), now)).toBe(300);
    expect(refundForBlock(ending(30 * DAY - MINUTE), now)).toBe(300);
    expect(refundForBlock(ending(19.5 * DAY), now)).toBe(200);
    expect(refundForBlock(ending(MINUTE), now)).toBe(10);
    expect(refundForBlock(ending(0), now)).toBe(0);
    expect(refundForBlock(ending(-DAY), now)).toBe(0);
    const inTen = new Date(now.getTime() + 10 * DAY);
    expect(refundForBlock({ periodPaid: 7, months: 1, currentPeriodEnd: inTen }, now)).toBe(2);
  });

  it("gives back a bundle's days left of what the bundle cost, and nothing of a free trial", () => {
    const bundle = { periodPaid: 765, months: 3, currentPeriodEnd: new Date(now.getTime() + 45 * DAY) };
    expect(refundForBlock(bundle, now)).toBe(382);
    expect(refundForBlock({ ...bundle, currentPeriodEnd: new Date(now.getTime() + 90 * DAY) }, now)).toBe(
      765,
    );
    const trial = { periodPaid: 0, months: 1, currentPeriodEnd: new Date(now.getTime() + 7 * DAY) };
    expect(refundForBlock(trial, now)).toBe(0);
  });
});

describe('a creator blocking a subscriber', () => {
  it('ends the subscription at once and returns the days left, taken back from both shares', async () => {
    const { fan, creator, row } = await subscribed(1000);
    expect(await earnings(creator)).toBe(240);
    await leave(row.id, 19.5);

    expect((await block(creator, fan)).statusCode).toBe(200);
    const ended = await subscriptionOf(t, fan, creator);
    expect(ended.status).toBe('expired');
    expect(ended.currentPeriodEnd.getTime()).toBeLessThanOrEqual(Date.now());
    // 20 of 30 days left of $30.00: $20.00 back; the creator's 80% of it and the platform's 20%.
    expect(await creditsOf(t.db, fan.user.id)).toBe(700 + 200);
    expect(await earnings(creator)).toBe(240 - 160);
    expect(await refunds(row.id)).toHaveLength(1);

    // The fan learns it in his chat, in dollars, and his list of subscriptions no longer has it.
    const chat = await chatBetween(t.db, fan.user.id, creator.user.id);
    const line = (await systemMessages(t, chat?.id ?? '')).at(-1);
    expect(line).toEqual({
      viewer: fan.user.id,
      type: 'for_user_subscription',
      text: '',
      notice: { kind: 'subscription_refunded', amount: 200 },
    });
    expect(line && systemLineText(line, creator.user.username)).toBe(
      `Your subscription to ${creator.user.username} ended. $20.00 for the days left was returned to your balance.`,
    );
    expect((await fan.api.get('/v1/subscriptions')).json().total).toBe(0);
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, fan.user.id));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['subscription_updated', 'credits_update', 'chat_updated']),
    );

    // Blocking again, or unblocking and blocking again, gives nothing back twice; no renewal follows.
    expect((await block(creator, fan)).statusCode).toBe(200);
    expect((await creator.api.delete(`/v1/users/${fan.user.id}/block`)).statusCode).toBe(200);
    expect((await block(creator, fan)).statusCode).toBe(200);
    await sweep(new Date(Date.now() + 40 * DAY));
    expect(await creditsOf(t.db, fan.user.id)).toBe(900);
    expect(await refunds(row.id)).toHaveLength(1);
    expect((await subscriptionOf(t, fan, creator)).period).toBe(1);
  });

  it('gives back the rest of a canceled subscription still in its period too', async () => {
    const { fan, creator, row } = await subscribed(1000);
    expect((await fan.api.delete(`/v1/subscriptions?ids=${row.id}`)).json()).toEqual({ canceled: 1 });
    await leave(row.id, 10);
    expect((await block(creator, fan)).statusCode).toBe(200);
    expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'expired' });
    expect(await creditsOf(t.db, fan.user.id)).toBe(700 + 100);
  });

  it('gives nothing back of a period already over', async () => {
    const { fan, creator, row } = await subscribed(1000);
    await leave(row.id, -1);
    expect((await block(creator, fan)).statusCode).toBe(200);
    expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'expired', period: 1 });
    expect(await creditsOf(t.db, fan.user.id)).toBe(700);
    expect(await refunds(row.id)).toEqual([]);
  });
});

describe('a fan blocking a creator he subscribes to', () => {
  it('stops the renewal and keeps the period he paid for, with nothing given back', async () => {
    const { fan, creator, row } = await subscribed(1000);
    expect((await block(fan, creator)).statusCode).toBe(200);
    expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'canceled', period: 1 });
    expect(await creditsOf(t.db, fan.user.id)).toBe(700);

    await sweep(new Date(row.currentPeriodEnd.getTime() + MINUTE));
    expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'expired', period: 1 });
    expect(await creditsOf(t.db, fan.user.id)).toBe(700);
    expect(await refunds(row.id)).toEqual([]);
  });
});

describe('a block and a renewal at the same moment', () => {
  it('never leaves a renewed subscription behind a block, nor a period charged and not given back', async () => {
    const pairs = await Promise.all(Array.from({ length: 12 }, () => subscribed(2000, 300)));
    // Every period is just over: the sweep may renew it before the block, or the block end it first.
    for (const { row } of pairs) await leave(row.id, -1 / (24 * 60));
    const due = new Date(Date.now() + MINUTE);
    await Promise.all([sweep(due), ...pairs.map(({ fan, creator }) => block(creator, fan))]);
    await sweep(due);

    for (const { fan, creator, row } of pairs) {
      const sub = await subscriptionOf(t, fan, creator);
      expect(sub.status).toBe('expired');
      const credits = await creditsOf(t.db, fan.user.id);
      if (sub.period === 1) {
        // The block came first: nothing renewed, nothing given back.
        expect(credits).toBe(1700);
        expect(await refunds(row.id)).toEqual([]);
      } else {
        // The renewal came first: the new period was charged, then its 30 days went back.
        expect(sub.period).toBe(2);
        expect(credits).toBe(1700);
        expect(await refunds(row.id)).toHaveLength(1);
      }
      const [stored] = await t.db.select().from(blocks).where(eq(blocks.blockedId, fan.user.id));
      expect(stored?.blockerId).toBe(creator.user.id);
    }
  });
});
