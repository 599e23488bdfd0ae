import { and, asc, eq, lte, ne, notInArray } from 'drizzle-orm';
import { userRow } from '../chats/chat-store';
import { isGone } from '../chats/pair-rules';
import { subscriptions, type SubscriptionRow } from '../db/schema';
import { creditsOf } from '../ledger/ledger';
import { addSystemMessage } from '../messages/system-messages';
import { type Emit, type EventDeps, withEvents } from '../realtime/with-events';
import { addNotification } from '../notifications/add';
import { chargePeriod } from './charge-period';
import { PERIOD_MS } from './live';
import { recordPayment, subscriptionChat } from './subscription-chat';
import type { Tx } from '../db/transaction';

type Due = Pick<SubscriptionRow, 'id' | 'fanId' | 'creatorId' | 'period'>;

async function end(tx: Tx, emit: Emit, sub: SubscriptionRow, now: Date, canceled: boolean) {
  await tx
    .update(subscriptions)
    .set({ status: 'expired', updatedAt: now, ...(canceled ? { canceledAt: now } : {}) })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.period, sub.period)));
  emit(sub.fanId, { type: 'subscription_updated', model_id: sub.creatorId, status: 'expired' });
}

/**
 * One due subscription, in a transaction between fan and creator. The row is read again under lock:
 * a sweep running alongside, or a retry after a crash, finds it already moved on and does nothing,
 * and the period's ledger key would refuse a second charge anyway.
 */
async function renewOne(deps: EventDeps, due: Due, now: Date): Promise<void> {
  await withEvents(
    deps,
    async (tx, emit) => {
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, due.id)).for('update');
      if (!sub || sub.status === 'expired' || sub.period !== due.period || sub.currentPeriodEnd > now) return;
      if (sub.status === 'canceled') return end(tx, emit, sub, now, false);
      const [fan, creator] = await Promise.all([userRow(tx, sub.fanId), userRow(tx, sub.creatorId)]);
      if (!fan || !creator) throw new Error(`subscription ${sub.id} lost a member`);
      // A creator who set the price to 0 (or is gone) takes no more subscribers: renewals cancel. A
      // block needs no check here: it ends or cancels the subscription as it is made (end-for-block.ts).
      if (creator.subscriptionPrice === 0 || isGone(creator)) return end(tx, emit, sub, now, true);

      const chatId = await subscriptionChat(tx, fan.id, creator);
      const balance = await creditsOf(tx, fan.id);
      if (balance < sub.price) {
        await end(tx, emit, sub, now, false);
        await addSystemMessage(
          tx,
          emit,
          chatId,
          { viewer: fan.id, other: creator.id },
          'for_user_subscription',
          { kind: 'renewal_failed', amount: sub.price },
        );
        return;
      }
      const next = sub.period + 1;
      // Every renewal is one month at the monthly price, whatever the period before was (a bundle, a
      // promotion's month or a free trial): docs/rules.md, Subscription offers.
      const charge = await chargePeriod(tx, { ...sub, periodPaid: sub.price }, next, { renewal: true });
      const [renewed] = await tx
        .update(subscriptions)
        .set({
          period: next,
          months: 1,
          periodPaid: sub.price,
          currentPeriodEnd: new Date(sub.currentPeriodEnd.getTime() + PERIOD_MS),
          updatedAt: now,
        })
        .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.period, sub.period)))
        .returning({ id: subscriptions.id });
      if (!renewed) throw new Error(`subscription ${sub.id} moved on under its lock`);
      // A charge already on the books (created: false) is this period's, from a run that crashed.
      if (!charge.created) return;
      await recordPayment(tx, chatId, creator.id, sub.price, false);
      emit(fan.id, { type: 'credits_update', credits: balance - sub.price, amount: -sub.price });
      emit(fan.id, { type: 'subscription_updated', model_id: creator.id, status: 'active' });
      await addNotification(tx, emit, [creator.id], {
        kind: 'renewal',
        actorId: fan.id,
        amount: sub.price,
        chatId,
        url: `/chats/${fan.id}`,
      });
    },
    { between: [due.fanId, due.creatorId] },
  );
}

/**
 * The renewal sweep (every minute, one instance at a time; tests pass their own `now`): every
 * subscription whose period ended by `now` is renewed, lapses for want of credits, or ends (canceled,
 * or its creator no longer offers subscriptions). A batch at a time until none is due; one that fails
 * is left for the next sweep, and the sweep then fails so the job's log shows it. Returns how many
 * subscriptions it handled.
 */
export async function renewDue(deps: EventDeps, now = new Date(), batch = 100): Promise<number> {
  const failed: string[] = [];
  let firstError: unknown;
  let handled = 0;
  for (;;) {
    const due = await deps.db
      .select({
        id: subscriptions.id,
        fanId: subscriptions.fanId,
        creatorId: subscriptions.creatorId,
        period: subscriptions.period,
      })
      .from(subscriptions)
      .where(
        and(
          ne(subscriptions.status, 'expired'),
          lte(subscriptions.currentPeriodEnd, now),
          failed.length > 0 ? notInArray(subscriptions.id, failed) : undefined,
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(batch);
    if (due.length === 0) break;
    for (const sub of due) {
      try {
        await renewOne(deps, sub, now);
        handled++;
      } catch (err) {
        failed.push(sub.id);
        firstError ??= err;
      }
    }
  }
  if (failed.length > 0) throw new Error(`renewals failed for ${failed.join(', ')}`, { cause: firstError });
  return handled;
}
