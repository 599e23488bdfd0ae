import { accountInfoEnvelope, accountTotals } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

/** Every earnings answer lives under `earnings`, so one invalidation refreshes them all. */
export const earningsKeys = {
  all: ['earnings'],
  totals: ['earnings', 'totals'],
  info: ['earnings', 'info'],
  stats: (days: number) => ['earnings', 'stats', days],
  payouts: ['earnings', 'payouts'],
} as const;

/** `GET /v1/account/totals`: available, pending, lifetime, in payout and the payout minimum. */
export function useTotals() {
  const { api } = useHost();
  return useQuery({
    queryKey: earningsKeys.totals,
    queryFn: ({ signal }) => api.get('/v1/account/totals', { schema: accountTotals, signal }),
  });
}

/** `GET /v1/account/info`: the saved payout method, the allowed ones, the email and the AML state. */
export function useAccountInfo() {
  const { api } = useHost();
  return useQuery({
    queryKey: earningsKeys.info,
    queryFn: async ({ signal }) =>
      (await api.get('/v1/account/info', { schema: accountInfoEnvelope, signal })).data,
  });
}
