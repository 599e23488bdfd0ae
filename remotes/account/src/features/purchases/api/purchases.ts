import { purchasesPage, type Purchase } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { offsetPages, usePagedList } from '@cove/runtime/query';

/** `GET /v1/message/paid`: the paid messages the fan bought, newest first, page by page. */
export function usePurchases() {
  const { api } = useHost();
  return usePagedList<Purchase>({
    queryKey: ['purchases'],
    fetchPage: offsetPages(api, '/v1/message/paid', purchasesPage),
    itemKey: (p) => p.message_id,
  });
}
