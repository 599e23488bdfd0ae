import { accountTotals } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';
import { earningsKeys } from './earnings-keys';

/** `GET /v1/account/totals`: available, pending, lifetime, in payout and the payout minimum. */
export function useTotals() {
  const { api } = useHost();
  return useQuery({
    queryKey: earningsKeys.totals,
    queryFn: ({ signal }) => api.get('/v1/account/totals', { schema: accountTotals, signal }),
  });
}
