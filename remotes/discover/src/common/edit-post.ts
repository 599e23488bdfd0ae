import { feedItemEnvelope, type FeedItem } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replacePost } from './posts-cache';

/** `PATCH /v1/feed/{id}` with what changed; the server's copy replaces the post in every tab. */
export function useEditPost(post: FeedItem, onSaved: () => void) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: object) =>
      api.patch(`/v1/feed/${encodeURIComponent(post._id)}`, changes, { schema: feedItemEnvelope }),
    onSuccess: ({ data }) => {
      replacePost(client, data);
      onSaved();
    },
  });
}
