import { accountStats } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';
import { earningsKeys } from '../../../common/earnings-keys';

/** `GET /v1/account/stats?days=`: earnings by day and source over the last `days` days. */
export function useAccountStats(days: number) {
  const { api } = useHost();
  return useQuery({
    queryKey: earningsKeys.stats(days),
    queryFn: ({ signal }) => api.get('/v1/account/stats', { query: { days }, schema: accountStats, signal }),
  });
}
