import { and, eq, like } from 'drizzle-orm';
import { chatBetween } from '../../src/chats/chat-store';
import { ledgerTransactions, subscriptions, userEvents, users } from '../../src/db/schema';
import { balanceOf, creditsOf } from '../../src/ledger/ledger';
import { renewDue } from '../../src/subscriptions/renew';
import { grantCredits, type Party } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { fanAndCreator, subscribeTo, subscriptionOf, systemMessages } from './helpers';

const t = balancedAppForFile();

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const sweep = (now: Date) => renewDue({ db: t.db, realtime: t.app.realtime }, now);
const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

const chargedPeriods = async (id: string) =>
  (
    await t.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `subscription:${id}:%`))
  )
    .map((r) => r.key)
    .sort();

async function subscribed(credits: number, price = 100) {
  const { fan, creator } = await fanAndCreator(t, credits, price);
  expect((await subscribeTo(fan, creator)).statusCode).toBe(200);
  return { fan, creator, row: await subscriptionOf(t, fan, creator) };
}

const statusEvents = async (fan: Party) =>
  (await t.db.select().from(userEvents).where(eq(userEvents.userId, fan.user.id)))
    .filter((e) => e.type === 'subscription_updated')
    .map((e) => e.payload.status);

it('renews exactly once per period, with sweeps side by side and after a crash', async () => {
  const { fan, creator, row } = await subscribed(1000);
  const firstEnd = row.currentPeriodEnd;
  expect(await sweep(after(firstEnd, -MINUTE))).toBe(0);

  await Promise.all([sweep(after(firstEnd, MINUTE)), sweep(after(firstEnd, MINUTE))]);
  await sweep(after(firstEnd, MINUTE));
  const renewed = await subscriptionOf(t, fan, creator);
  expect(renewed).toMatchObject({ status: 'active', period: 2 });
  expect(renewed.currentPeriodEnd).toEqual(after(firstEnd, 30 * DAY));
  expect(await chargedPeriods(row.id)).toEqual([`subscription:${row.id}:1`, `subscription:${row.id}:2`]);
  expect(await creditsOf(t.db, fan.user.id)).toBe(800);
  expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(160);

  // Period 3 is charged, then the row is put back as a crash before its update would have left it:
  // the sweep runs again for the same period and the period's ledger key refuses a second charge.
  const thirdDue = after(renewed.currentPeriodEnd, MINUTE);
  await sweep(thirdDue);
  await t.db
    .update(subscriptions)
    .set({ period: 2, currentPeriodEnd: renewed.currentPeriodEnd })
    .where(eq(subscriptions.id, row.id));
  await sweep(thirdDue);
  expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'active', period: 3 });
  expect(await chargedPeriods(row.id)).toHaveLength(3);
  expect(await creditsOf(t.db, fan.user.id)).toBe(700);
  expect(await statusEvents(fan)).toEqual(['active', 'active', 'active']);
});

it('lapses without enough credits, tells the fan, and a new subscribe continues the count', async () => {
  const { fan, creator, row } = await subscribed(150);
  await sweep(after(row.currentPeriodEnd, MINUTE));
  expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'expired', period: 1 });
  expect(await creditsOf(t.db, fan.user.id)).toBe(50);
  expect(await chargedPeriods(row.id)).toEqual([`subscription:${row.id}:1`]);
  expect(await statusEvents(fan)).toEqual(['active', 'expired']);
  const chat = await chatBetween(t.db, fan.user.id, creator.user.id);
  expect((await systemMessages(t, chat?.id ?? '')).at(-1)).toEqual({
    viewer: fan.user.id,
    type: 'for_user_subscription',
    text: '',
    notice: { kind: 'renewal_failed', amount: 100 },
  });
  expect((await fan.api.get('/v1/subscriptions')).json().total).toBe(0);

  await grantCredits(t.db, fan.user.id, 50);
  const again = await subscribeTo(fan, creator);
  expect(again.statusCode).toBe(200);
  expect(again.json().data._id).toBe(row.id);
  expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'active', period: 2 });
  expect(await chargedPeriods(row.id)).toEqual([`subscription:${row.id}:1`, `subscription:${row.id}:2`]);
});

it('keeps a canceled subscription to the end of its period, then ends it without a charge', async () => {
  const { fan, creator, row } = await subscribed(1000);
  expect((await fan.api.delete(`/v1/subscriptions?ids=${row.id}`)).json()).toEqual({ canceled: 1 });
  await sweep(after(row.currentPeriodEnd, -MINUTE));
  expect((await subscriptionOf(t, fan, creator)).status).toBe('canceled');

  await sweep(after(row.currentPeriodEnd, MINUTE));
  expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'expired', period: 1 });
  expect(await creditsOf(t.db, fan.user.id)).toBe(900);
  expect(await statusEvents(fan)).toEqual(['active', 'canceled', 'expired']);
});

it('stops renewals once the creator sets the price to 0', async () => {
  const { fan, creator, row } = await subscribed(1000);
  await t.db.update(users).set({ subscriptionPrice: 0 }).where(eq(users.id, creator.user.id));
  await sweep(after(row.currentPeriodEnd, MINUTE));
  const ended = await subscriptionOf(t, fan, creator);
  expect(ended).toMatchObject({ status: 'expired', period: 1 });
  expect(ended.canceledAt).not.toBeNull();
  expect(await creditsOf(t.db, fan.user.id)).toBe(900);
  expect(
    await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.creatorId, creator.user.id), eq(subscriptions.status, 'active'))),
  ).toEqual([]);
});

it.each([
  ['creator', 1000],
  ['fan', 900],
] as const)('ends without a charge once the %s blocked the other', async (who, credits) => {
  const { fan, creator, row } = await subscribed(1000);
  const [blocker, blocked] = who === 'creator' ? [creator, fan] : [fan, creator];
  expect((await blocker.api.post(`/v1/users/${blocked.user.id}/block`)).statusCode).toBe(200);
  await sweep(after(row.currentPeriodEnd, MINUTE));
  expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'expired', period: 1 });
  // A creator's block gave the whole period back at once (block-ends-subscription.test.ts).
  expect(await creditsOf(t.db, fan.user.id)).toBe(credits);
  expect(await chargedPeriods(row.id)).toHaveLength(1);
});

it('keeps the price a fan signed up at', async () => {
  const { fan, creator, row } = await subscribed(1000, 100);
  await t.db.update(users).set({ subscriptionPrice: 300 }).where(eq(users.id, creator.user.id));
  await sweep(after(row.currentPeriodEnd, MINUTE));
  expect(await subscriptionOf(t, fan, creator)).toMatchObject({ status: 'active', period: 2, price: 100 });
  expect(await creditsOf(t.db, fan.user.id)).toBe(800);
});
