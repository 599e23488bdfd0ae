import type { SubscriptionRow } from '../db/schema';
import { postMovement } from '../ledger/ledger';
import { CREATOR_SHARE } from '../messages/charges';
import type { Tx } from '../db/transaction';

type Charged = Pick<SubscriptionRow, 'id' | 'fanId' | 'creatorId' | 'periodPaid'>;

/** The offer a period was bought with, as its ledger reference names it for history and earnings. */
export type PeriodOffer =
  { months: number; percent_off: number } | { promotion_id: string; percent_off: number };

/**
 * Charges one period of a subscription, what it costs (`periodPaid`: a month's price, a bundle's or a
 * promotion's total): the fan's credits to the creator's earnings (80%, floored) and the platform.
 * The idempotency key names the period, so a period is charged once however often a subscribe or a
 * renewal is retried; `created` is false when it had been charged already. A renewal, and the offer a
 * period was bought with, say so in its reference, which the fan's history reads
 * (src/history/row-kinds.ts, read-history.ts).
 */
export function chargePeriod(
  tx: Tx,
  sub: Charged,
  period: number,
  how: { renewal?: boolean; offer?: PeriodOffer | null } = {},
) {
  const amount = sub.periodPaid;
  const share = Math.floor(amount * CREATOR_SHARE);
  return postMovement(tx, {
    kind: 'subscription',
    reference: {
      subscription_id: sub.id,
      period,
      ...(how.renewal ? { renewal: true } : {}),
      ...(how.offer ? { offer: how.offer } : {}),
    },
    idempotencyKey: `subscription:${sub.id}:${period}`,
    entries: [
      { account: { owner: sub.fanId, kind: 'credits' }, amount: -amount },
      { account: { owner: sub.creatorId, kind: 'earnings' }, amount: share },
      { account: { owner: null, kind: 'platform_revenue' }, amount: amount - share },
    ],
  });
}
