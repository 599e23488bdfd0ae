import { renewalResponse, type Subscription } from '@cove/contracts';
import { formatDate, formatMoney, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionsKey } from './subscriptions';

/**
 * `PATCH /v1/subscriptions/{id}`: renewal off at once (access kept to the period's end), or on again
 * after the fan confirmed the monthly price and the day it will be charged.
 */
export function useRenewal(subscription: Subscription) {
  const { api, popups } = useHost();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (renew: boolean) =>
      api.patch(
        `/v1/subscriptions/${encodeURIComponent(subscription._id)}`,
        renew ? { renew, price: subscription.price } : { renew },
        { schema: renewalResponse },
      ),
    onSettled: () => void client.invalidateQueries({ queryKey: subscriptionsKey }),
  });
  const setRenew = async (renew: boolean) => {
    if (renew) {
      const { outcome } = popups.open({
        kind: 'generic',
        emoji: '⭐',
        sentence: `Turn renewal on? It renews on ${formatDate(subscription.expires_at)} for ${formatMoney(subscription.price)} a month, until you turn it off.`,
        confirmLabel: `Renew for ${formatMoney(subscription.price)} a month`,
      });
      if ((await outcome).action !== 'confirm') return;
    }
    mutation.mutate(renew);
  };
  return { ...mutation, setRenew };
}
