import { feedBuyResponse, type FeedItem, paymentReturn } from '@cove/contracts';
import { confirmCharge, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postCharge } from './charges';
import { replacePost } from './posts-cache';
import { useShortOfCredits } from './short-of-credits';

/**
 * `PATCH /v1/feed/{id}/buy` after the fan confirms on the confirm sheet; the server unlocks a post
 * once per buyer however often it is asked. Short of credits, the sheet or the popup leads to buying
 * them and back here.
 */
export function useBuyPost(post: FeedItem) {
  const { api, account, popups } = useHost();
  const client = useQueryClient();
  const purchase = { model_id: post.model_id, feed_id: post._id };
  const shortOfCredits = useShortOfCredits(post.model_id, { feed_id: post._id });
  const buy = useMutation({
    mutationFn: () =>
      api.patch(`/v1/feed/${encodeURIComponent(post._id)}/buy`, undefined, { schema: feedBuyResponse }),
    onSuccess: ({ data }) => {
      replacePost(client, data);
      void account.reload();
    },
    onError: shortOfCredits,
  });
  const confirmAndBuy = async () => {
    const confirmed = await confirmCharge(popups, {
      charge: postCharge(post),
      backTo: paymentReturn(purchase).to,
      purchase,
    });
    if (confirmed) buy.mutate();
  };
  return { ...buy, confirmAndBuy };
}
