import { useServerEvent } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { earningsKeys } from './earnings-keys';

/**
 * A payout that moved on changes the totals, the history and the AML state, and a chargeback or a
 * referral credit changes the totals and stats: read them again.
 */
export function usePayoutEvents(): void {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: earningsKeys.all });
  useServerEvent('payout_updated', refresh);
  useServerEvent('payout_completed', refresh);
  useServerEvent('earnings_updated', refresh);
}
