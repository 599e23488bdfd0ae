import { and, eq, or } from 'drizzle-orm';
import { chatBetween } from '../chats/chat-store';
import { ledgerTransactions, subscriptions, type SubscriptionRow, type UserRow } from '../db/schema';
import type { Tx } from '../db/transaction';
import { creditsOf, postMovement } from '../ledger/ledger';
import { CREATOR_SHARE } from '../messages/charges';
import { addSystemMessage } from '../messages/system-messages';
import type { Emit } from '../realtime/with-events';
import { PERIOD_MS } from './live';
import { recordPayment } from './subscription-chat';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS = PERIOD_MS / DAY_MS;

/**
 * What a creator's block gives back of the period being paid for: what that period cost for the days
 * left of it (a bundle's period is its months long; a trial cost nothing), a started day counted as
 * left (in the fan's favour), rounded down to a credit (docs/rules.md, Blocks and subscriptions).
 */
export function refundForBlock(
  sub: Pick<SubscriptionRow, 'periodPaid' | 'months' | 'currentPeriodEnd'>,
  now: Date,
): number {
  const periodDays = PERIOD_DAYS * sub.months;
  const left = Math.max(0, sub.currentPeriodEnd.getTime() - now.getTime());
  const days = Math.min(periodDays, Math.ceil(left / DAY_MS));
  return Math.floor((sub.periodPaid * days) / periodDays);
}

/** The ledger transaction that charged a subscription's period (its key names the period). */
async function periodCharge(tx: Tx, sub: SubscriptionRow): Promise<string> {
  const [charge] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `subscription:${sub.id}:${sub.period}`));
  if (!charge) throw new Error(`subscription ${sub.id} has no charge for period ${sub.period}`);
  return charge.id;
}

/**
 * Ends a subscription now and gives `refund` credits of the period being paid for back to the fan,
 * the creator's share and the platform's cut taken back in the same proportion as charged. The key
 * names the period's charge, so a period is refunded once (by a block or a chargeback, never both),
 * and earnings count it with that sale. A block's refund tells the fan in the chat; a chargeback's
 * is taken by the chargeback that follows, which says so itself.
 */
export async function endWithRefund(
  tx: Tx,
  emit: Emit,
  sub: SubscriptionRow,
  now: Date,
  refund: number,
  reason: 'blocked' | 'chargeback',
) {
  await tx
    .update(subscriptions)
    .set({
      status: 'expired',
      canceledAt: sub.canceledAt ?? now,
      // Access ends now; a period already over keeps its own end.
      currentPeriodEnd: sub.currentPeriodEnd < now ? sub.currentPeriodEnd : now,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
  emit(sub.fanId, { type: 'subscription_updated', model_id: sub.creatorId, status: 'expired' });
  if (refund === 0) return;
  const back = Math.floor(refund * CREATOR_SHARE);
  const sale = await periodCharge(tx, sub);
  await postMovement(tx, {
    kind: 'subscription_refund',
    reference: { subscription_id: sub.id, period: sub.period, reason },
    idempotencyKey: `subscription_refund:${sale}`,
    entries: [
      { account: { owner: sub.fanId, kind: 'credits' }, amount: refund },
      { account: { owner: sub.creatorId, kind: 'earnings' }, amount: -back },
      { account: { owner: null, kind: 'platform_revenue' }, amount: back - refund },
    ],
  });
  emit(sub.fanId, { type: 'credits_update', credits: await creditsOf(tx, sub.fanId), amount: refund });
  const chat = await chatBetween(tx, sub.fanId, sub.creatorId);
  if (!chat) return;
  // The creator's tally of the fan's spend in the chat (fans and VIP tabs) loses what went back.
  await recordPayment(tx, chat.id, sub.creatorId, -refund, false);
  if (reason !== 'blocked') return;
  await addSystemMessage(
    tx,
    emit,
    chat.id,
    { viewer: sub.fanId, other: sub.creatorId },
    'for_user_subscription',
    { kind: 'subscription_refunded', amount: refund },
  );
}

/**
 * What a block does to the pair's subscription, inside the block's own transaction (both users'
 * rows locked first, as a renewal locks them, so a renewal and a block never cross): a creator
 * blocking a subscriber ends it with a refund of the days left; a fan blocking a creator he
 * subscribes to stops its renewal, keeping the period he paid for.
 */
export async function endSubscriptionForBlock(
  tx: Tx,
  emit: Emit,
  blocker: UserRow,
  blockedId: string,
  now: Date,
): Promise<void> {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(
      or(
        and(eq(subscriptions.fanId, blockedId), eq(subscriptions.creatorId, blocker.id)),
        and(eq(subscriptions.fanId, blocker.id), eq(subscriptions.creatorId, blockedId)),
      ),
    )
    .for('update');
  for (const sub of rows) {
    if (sub.status === 'expired') continue;
    // A creator removing a subscriber gives back the days left (none when the period is over).
    if (sub.creatorId === blocker.id)
      await endWithRefund(tx, emit, sub, now, refundForBlock(sub, now), 'blocked');
    else if (sub.status === 'active') {
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: now, updatedAt: now })
        .where(eq(subscriptions.id, sub.id));
      emit(sub.fanId, { type: 'subscription_updated', model_id: sub.creatorId, status: 'canceled' });
    }
  }
}
