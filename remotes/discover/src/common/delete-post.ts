import type { FeedItem } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removePost } from './posts-cache';

/** `DELETE /v1/feed/{id}`: the post leaves every tab it is in. */
export function useDeletePost(post: FeedItem) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.send('DELETE', `/v1/feed/${encodeURIComponent(post._id)}`),
    onSuccess: () => removePost(client, post.model_id, post._id),
  });
}
