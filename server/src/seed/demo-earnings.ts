import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/rows';
import { payoutMethods } from '../db/schema';
import { kindIn } from '../earnings/earnings-sql';
import { checkMethod } from '../earnings/method-checks';
import { creditReferrals } from '../earnings/referral-credits';
import { saleKinds } from '../earnings/rules';
import { settlePayout } from '../earnings/settle-payout';
import { buyCredits, demoActors } from './demo-api';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The summary chart's window (docs/rules.md, Earnings and payouts). */
const CHART_DAYS = 30;
/** How many of luna's newest sales stay within the hold, so some of her earnings are pending. */
const PENDING_SALES = 3;

/** The ids of a creator's sales (their earnings entries' transactions), newest first. */
async function salesOf(app: FastifyInstance, creatorId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await app.db.execute(sql`
      select lt.id from ledger_transactions lt
      join ledger_entries le on le.transaction_id = lt.id
      join ledger_accounts la on la.id = le.account_id
      where la.owner_id = ${creatorId} and la.kind = 'earnings' and ${kindIn(sql`lt.kind`, saleKinds)}
      order by lt.created_at desc, lt.id`),
  );
  return rows.map((r) => r.id);
}

const moveTo = (app: FastifyInstance, ids: string[], at: Date) =>
  app.db.execute(sql`update ledger_transactions set created_at = ${at}
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);

/**
 * Spreads a creator's sales over the chart's 30 days, as if they had come in over a month: the newest
 * few within the hold (pending), the rest from just past the hold back to four weeks ago (available).
 * Only the ledger's times move; every amount is the one the sale charged.
 */
async function spreadSales(app: FastifyInstance, creatorId: string, now: number): Promise<void> {
  const { holdDays } = app.config.earnings;
  const sales = await salesOf(app, creatorId);
  const older = sales.slice(PENDING_SALES);
  const first = Math.min(holdDays + 1, CHART_DAYS - 2);
  const span = CHART_DAYS - 2 - first;
  for (const [i, id] of sales.slice(0, PENDING_SALES).entries())
    await moveTo(app, [id], new Date(now - (5 + i * 21) * HOUR_MS));
  for (const [i, id] of older.entries()) {
    const days = first + Math.round((i * span) / Math.max(1, older.length - 1));
    await moveTo(app, [id], new Date(now - days * DAY_MS - (i % 5) * HOUR_MS));
  }
}

/**
 * luna-rivers' earnings worth opening (/account/earnings/*), made through the API as a fan would make
 * them: alex-fan (the demo's one paying fan, so the other fans stay as the e2e journeys expect them)
 * tips, writes and buys a paid post beside the demo chats' sales, spread over the last 30 days so some
 * are available and some pending; nova-lake signed up with luna's referral code and sold paid posts,
 * which earned luna referral credits; a PayPal method and one completed payout. Run after the demo
 * chats and profiles, before luna's auto-messages.
 */
export async function seedDemoEarnings(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(app, ['alex-fan', 'luna-rivers', 'nova-lake'], 'demo earnings');
  const { call, idOf, tokenOf } = actors;
  const now = Date.now();
  let sends = 0;
  const sendId = () => `demo-earnings-${++sends}`;
  const lunaChat = (await call('alex-fan', 'GET', `/v1/chat?recipient_id=${idOf('luna-rivers')}`)) as {
    data: { chat_id: string };
  };
  const tip = (amount: number) =>
    call('alex-fan', 'POST', '/v1/messages/tip', {
      chat_id: lunaChat.data.chat_id,
      amount,
      send_id: sendId(),
    });
  const say = (text: string) =>
    call('alex-fan', 'POST', '/v1/messages', { recipient_id: idOf('luna-rivers'), text, send_id: sendId() });
  const paidPost = async (creator: string, text: string, price: number) => {
    const post = await call(creator, 'POST', '/v1/feed', { type: 'text', text, price, send_id: sendId() });
    await call('alex-fan', 'PATCH', `/v1/feed/${(post.data as { _id: string })._id}/buy`);
  };

  // nova-lake joined through luna's referral link (docs/rules.md, Referrals) six weeks ago.
  await call('nova-lake', 'PATCH', `/v1/users/${idOf('nova-lake')}`, { code_used: 'luna-rivers' });
  await app.db.execute(
    sql`update users set created_at = ${new Date(now - 42 * DAY_MS)} where id = ${idOf('nova-lake')}`,
  );

  await buyCredits(app, tokenOf('alex-fan'), 1000, { key: 'demo-earnings-package' });
  await tip(400);
  await say('The castle photo is my wallpaper now.');
  await paidPost('luna-rivers', 'The setlist and lyrics of Friday, before anyone else', 60);
  await tip(100);
  await say('See you at the listening party!');
  await spreadSales(app, idOf('luna-rivers'), now);

  // nova's sales on two ended days; the referral job credits luna her share of each, dated that day.
  await paidPost('nova-lake', 'My any% route, split by split', 200);
  await paidPost('nova-lake', 'The retro console tier list', 150);
  const [older, newer] = [...(await salesOf(app, idOf('nova-lake')))].reverse();
  if (older) await moveTo(app, [older], new Date(now - 12 * DAY_MS));
  if (newer) await moveTo(app, [newer], new Date(now - 3 * DAY_MS));
  await creditReferrals({ db: app.db, realtime: app.realtime });
  await app.db.execute(sql`
    update ledger_transactions set created_at = (reference->>'day')::date + interval '20 hours'
    where kind = 'referral' and reference->>'referred_id' = ${idOf('nova-lake')}`);

  // Paid out once, to PayPal, ten days ago: the method as the payout-method screen saves it, the
  // payout through the real request and the sandbox's outcome.
  await app.db.insert(payoutMethods).values({
    userId: idOf('luna-rivers'),
    ...checkMethod({ method: 'paypal_transfer', email: 'luna-rivers@demo.cove.test' }),
  });
  const requested = await call('luna-rivers', 'POST', '/v2/account/payout', {
    amount: 200,
    idempotency_key: 'demo-payout',
  });
  const payout = requested.data as { _id: string };
  await settlePayout({ db: app.db, realtime: app.realtime }, payout._id, { status: 'completed' });
  const paidAt = new Date(now - 10 * DAY_MS);
  await app.db.execute(sql`
    update payouts set created_at = ${paidAt}, updated_at = ${paidAt}, completed_at = ${paidAt}
    where id = ${payout._id}`);
  await app.db.execute(sql`
    update ledger_transactions set created_at = ${paidAt} where reference->>'payout_id' = ${payout._id}`);
  await actors.done();
}
