import { subscriptionsPage, type Subscription } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { offsetPages, usePagedList } from '@cove/runtime/query';

export const subscriptionsKey = ['subscriptions'];

/** `GET /v1/subscriptions`: the creators the person subscribes to, page by page. */
export function useSubscriptions() {
  const { api } = useHost();
  return usePagedList<Subscription>({
    queryKey: subscriptionsKey,
    fetchPage: offsetPages(api, '/v1/subscriptions', subscriptionsPage),
    itemKey: (s) => s._id,
  });
}
