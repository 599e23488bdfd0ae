import type { SubscriptionRow } from '../db/schema';
import { postMovement } from '../ledger/ledger';
import { CREATOR_SHARE } from '../messages/charges';
import type { Tx } from '../db/transaction';

type Charged = Pick<SubscriptionRow, 'id' | 'fanId' | 'creatorId' | 'price'>;

/**
 * Charges one period of a subscription: the fan's credits to the creator's earnings (80%, floored)
 * and the platform. The idempotency key names the period, so a period is charged once however often
 * a subscribe or a renewal is retried; `created` is false when it had been charged already. A
 * renewal says so in its reference, which the fan's history reads (src/history/row-kinds.ts).
 */
export function chargePeriod(tx: Tx, sub: Charged, period: number, renewal = false) {
  const share = Math.floor(sub.price * CREATOR_SHARE);
  return postMovement(tx, {
    kind: 'subscription',
    reference: { subscription_id: sub.id, period, ...(renewal ? { renewal: true } : {}) },
    idempotencyKey: `subscription:${sub.id}:${period}`,
    entries: [
      { account: { owner: sub.fanId, kind: 'credits' }, amount: -sub.price },
      { account: { owner: sub.creatorId, kind: 'earnings' }, amount: share },
      { account: { owner: null, kind: 'platform_revenue' }, amount: sub.price - share },
    ],
  });
}
