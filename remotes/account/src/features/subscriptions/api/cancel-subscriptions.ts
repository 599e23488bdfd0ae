import { cancelSubscriptionsResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionsKey } from './subscriptions';

/** `DELETE /v1/subscriptions?ids=`: cancels the chosen creators' subscriptions, then reads the list again. */
export function useCancelSubscriptions(onCanceled: () => void) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      api.delete('/v1/subscriptions', {
        query: { ids: userIds.join(',') },
        schema: cancelSubscriptionsResponse,
      }),
    onSuccess: () => {
      onCanceled();
      void client.invalidateQueries({ queryKey: subscriptionsKey });
    },
  });
}
