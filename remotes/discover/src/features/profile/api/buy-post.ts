import { feedBuyResponse, type FeedItem } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replacePost } from './posts-cache';
import { useShortOfCredits } from './short-of-credits';

/** `PATCH /v1/feed/{id}/buy`; short of credits, the popup leads to buying them and back here. */
export function useBuyPost(post: FeedItem) {
  const { api, account } = useHost();
  const client = useQueryClient();
  const shortOfCredits = useShortOfCredits(post.model_id, { feed_id: post._id });
  return useMutation({
    mutationFn: () =>
      api.patch(`/v1/feed/${encodeURIComponent(post._id)}/buy`, undefined, { schema: feedBuyResponse }),
    onSuccess: ({ data }) => {
      replacePost(client, data);
      void account.reload();
    },
    onError: shortOfCredits,
  });
}
