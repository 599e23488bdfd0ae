import { and, eq } from 'drizzle-orm';
import { ledgerTransactions, subscriptions } from '../db/schema';
import type { Tx } from '../db/transaction';
import type { Emit } from '../realtime/with-events';
import { endWithRefund } from './end-for-block';

/**
 * What a chargeback takes back of the subscription its payment started (`sendId`, the payment's; docs/
 * rules.md, Payment intents): while the subscription is still in the period that payment paid for, it
 * ends now and what that period cost goes back to the fan's credits, the creator's share with it,
 * for the chargeback to take. Once it has renewed, that period is over and the one running was paid
 * with other credits, so nothing is taken back; nor from one already ended. Returns the creators whose
 * earnings it took back.
 */
export async function endForChargeback(
  tx: Tx,
  emit: Emit,
  fanId: string,
  creatorId: string,
  sendId: string,
): Promise<string[]> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.fanId, fanId),
        eq(subscriptions.creatorId, creatorId),
        eq(subscriptions.sendId, sendId),
      ),
    )
    .for('update');
  if (!sub || sub.status === 'expired') return [];
  const [sale] = await tx
    .select({ reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `subscription:${sub.id}:${sub.period}`));
  if (!sale || 'renewal' in sale.reference) return [];
  await endWithRefund(tx, emit, sub, new Date(), sub.periodPaid, 'chargeback');
  return [creatorId];
}
