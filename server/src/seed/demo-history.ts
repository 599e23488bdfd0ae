import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runAdminCommand } from '../admin/commands';
import { ledgerTransactions, payments, subscriptions } from '../db/schema';
import { PERIOD_MS } from '../subscriptions/live';
import { renewDue } from '../subscriptions/renew';
import { buyCredits, demoActors } from './demo-api';
import { demoEmail } from './demo-world';

const HOUR_MS = 3_600_000;

/** Waits for the sandbox's webhook to move a payment to `status` (they arrive through the job queue). */
async function settled(app: FastifyInstance, paymentId: string, status: 'refunded' | 'charged_back') {
  const until = Date.now() + 30_000;
  for (;;) {
    const [row] = await app.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (row?.status === status) return;
    if (Date.now() > until) throw new Error(`demo history: payment ${paymentId} never became ${status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function paymentByKey(app: FastifyInstance, key: string) {
  const [row] = await app.db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(eq(payments.idempotencyKey, key));
  if (!row?.providerPaymentId) throw new Error(`demo history: no payment ${key}`);
  return { id: row.id, providerPaymentId: row.providerPaymentId };
}

/**
 * alex-fan's spending history (/account/history) with a row of every kind, beside what the demo
 * chats, profiles and earnings already made him spend: his subscription to luna-rivers began a month
 * ago and renews now; a package he bought is refunded; a card payment that unlocked sasha-noir's paid
 * message is charged back (the unlock is taken back with it); support gave him credits. His credit
 * purchases are dated before his first spend, since the demo earnings spread his sales over the
 * month. Run after the demo earnings.
 */
export async function seedDemoHistory(app: FastifyInstance): Promise<void> {
  const sandbox = app.payments.sandbox;
  if (!sandbox) return;
  const actors = await demoActors(app, ['alex-fan', 'luna-rivers', 'sasha-noir'], 'demo history');
  const { call, idOf, tokenOf } = actors;
  const alex = idOf('alex-fan');
  const now = Date.now();

  // The subscription began a month ago: its first charge moves back, and the sweep renews it now.
  const [sub] = await app.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, alex), eq(subscriptions.creatorId, idOf('luna-rivers'))));
  if (sub) {
    const began = new Date(now - PERIOD_MS - HOUR_MS);
    await app.db
      .update(subscriptions)
      .set({ createdAt: began, currentPeriodEnd: new Date(now - HOUR_MS) })
      .where(eq(subscriptions.id, sub.id));
    await app.db
      .update(ledgerTransactions)
      .set({ createdAt: began })
      .where(eq(ledgerTransactions.idempotencyKey, `subscription:${sub.id}:1`));
    await renewDue({ db: app.db, realtime: app.realtime }, new Date(now));
  }

  // Every credit purchase so far comes before the first thing he spent them on.
  await app.db.execute(sql`
    with mine as (
      select t.id, t.kind, t.created_at from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
      where a.owner_id = ${alex} and a.kind = 'credits'
    ), first_spend as (select min(created_at) as at from mine where kind <> 'payment')
    update ledger_transactions t set created_at = f.at - interval '1 day'
    from first_spend f where f.at is not null and t.id in (select id from mine where kind = 'payment')`);

  // A package bought, then refunded by support.
  await buyCredits(app, tokenOf('alex-fan'), 100, { key: 'demo-history-refunded' });
  const refunded = await paymentByKey(app, 'demo-history-refunded');
  await sandbox.refund(refunded.providerPaymentId);
  await settled(app, refunded.id, 'refunded');

  // A card payment that unlocked a paid message, then disputed with the bank.
  const sent = (await call('sasha-noir', 'POST', '/v1/messages', {
    type: 'text',
    recipient_id: alex,
    text: 'The full sketchbook, 12 pages',
    price: 80,
    send_id: 'demo-history-sketchbook',
  })) as { data: { _id: string } };
  await buyCredits(app, tokenOf('alex-fan'), 100, {
    key: 'demo-history-disputed',
    messageId: sent.data._id,
  });
  const disputed = await paymentByKey(app, 'demo-history-disputed');
  await waitForUnlock(app, disputed.id);
  await sandbox.dispute(disputed.providerPaymentId);
  await settled(app, disputed.id, 'charged_back');

  await runAdminCommand(app.db, app.realtime, {
    actor: 'support@cove.test',
    command: 'grant-credits',
    email: demoEmail('alex-fan'),
    args: ['50'],
  });
  await actors.done();
}

/** A payment's unlock runs just after its credits land; the dispute must come after it. */
async function waitForUnlock(app: FastifyInstance, paymentId: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const [row] = await app.db
      .select({ action: payments.actionStatus })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (row?.action === 'done') return;
    if (Date.now() > until) throw new Error('demo history: the disputed payment never unlocked its message');
    await new Promise((r) => setTimeout(r, 200));
  }
}
