import { payoutsPage, type Payout } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { offsetPages, usePagedList } from '@cove/runtime/query';
import { earningsKeys } from '../../../common/earnings-keys';

/** `GET /v1/account/payouts`: the creator's payouts, newest first, page by page. */
export function usePayouts() {
  const { api } = useHost();
  return usePagedList<Payout>({
    queryKey: earningsKeys.payouts,
    fetchPage: offsetPages(api, '/v1/account/payouts', payoutsPage),
    itemKey: (p) => p._id,
  });
}
