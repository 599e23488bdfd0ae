import { eq } from 'drizzle-orm';
import { payouts } from '../db/schema';
import { postMovement } from '../ledger/ledger';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { addNotification } from '../notifications/add';
import type { PayoutOutcome } from './payout-provider';
import { payoutKinds } from './rules';

/**
 * Applies a provider's outcome to a pending payout, once: the payout's row is locked and must still be
 * pending (its status only moves forward: src/db/functions/payouts), and each ledger movement has its own
 * idempotency key. Completed: clearing → the platform's `payouts_sent`, with `payout_completed` for the
 * popup. Failed: clearing → back to earnings, with the reason. Returns whether this call applied it.
 */
export async function settlePayout(
  deps: EventDeps,
  payoutId: string,
  outcome: PayoutOutcome,
): Promise<boolean> {
  return withEvents(deps, async (tx, emit) => {
    const [p] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!p || p.status !== 'pending') return false;
    const clearing = { owner: p.creatorId, kind: 'payout_clearing' } as const;
    const now = new Date();
    if (outcome.status === 'completed') {
      await postMovement(tx, {
        kind: payoutKinds.completed,
        reference: { payout_id: p.id },
        idempotencyKey: `${payoutKinds.completed}:${p.id}`,
        entries: [
          { account: clearing, amount: -p.amount },
          { account: { owner: null, kind: 'payouts_sent' }, amount: p.amount },
        ],
      });
      await tx
        .update(payouts)
        .set({ status: 'completed', completedAt: now, updatedAt: now })
        .where(eq(payouts.id, p.id));
      emit(p.creatorId, { type: 'payout_updated', payout_id: p.id, status: 'completed' });
      emit(p.creatorId, { type: 'payout_completed', payout_id: p.id, amount: p.amount });
      await addNotification(tx, emit, [p.creatorId], {
        kind: 'payout',
        amount: p.amount,
        url: '/account/earnings/payouts',
      });
      return true;
    }
    await postMovement(tx, {
      kind: payoutKinds.returned,
      reference: { payout_id: p.id },
      idempotencyKey: `${payoutKinds.returned}:${p.id}`,
      entries: [
        { account: clearing, amount: -p.amount },
        { account: { owner: p.creatorId, kind: 'earnings' }, amount: p.amount },
      ],
    });
    await tx
      .update(payouts)
      .set({ status: 'failed', failureReason: outcome.reason, updatedAt: now })
      .where(eq(payouts.id, p.id));
    emit(p.creatorId, { type: 'payout_updated', payout_id: p.id, status: 'failed' });
    return true;
  });
}
