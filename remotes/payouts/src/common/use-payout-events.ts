import { mayEarn } from '@cove/contracts';
import { useSession } from '@cove/runtime';
import { useRefreshOn } from '@cove/runtime/query';
import { earningsKeys } from './earnings-keys';

/**
 * Keeps every earnings figure on screen live: a payout that moved on changes the totals, the history
 * and the AML state; a chargeback or a referral credit (`earnings_updated`), a purchase, and a message
 * that may have earned money (a tip, a subscription, a charged message) change the totals and stats.
 * Each reads them again, a burst of sales costing two reads at most (`refreshLive`).
 */
export function usePayoutEvents(): void {
  const myId = useSession().user?._id ?? '';
  useRefreshOn(earningsKeys.all, ['payout_updated', 'payout_completed', 'earnings_updated', 'message_paid']);
  useRefreshOn(earningsKeys.all, ['new_message'], (e) => mayEarn(e.message, myId));
}
