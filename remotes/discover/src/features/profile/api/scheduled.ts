import { feedItemEnvelope, scheduledPosts, type FeedItem } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addPost } from '../../../common/posts-cache';

/** The creator's scheduled posts. */
export const scheduledKey = ['posts-scheduled'] as const;

/** `GET /v1/feed/scheduled`: the creator's posts waiting for their time, soonest first. */
export function useScheduled(enabled: boolean) {
  const { api } = useHost();
  return useQuery({
    queryKey: scheduledKey,
    queryFn: () => api.get('/v1/feed/scheduled', { schema: scheduledPosts }),
    enabled,
  });
}

const path = (post: FeedItem) => `/v1/feed/${encodeURIComponent(post._id)}`;

/** Change a scheduled post's time, publish it now, or delete it; the list reads itself again after. */
export function useScheduledActions(post: FeedItem) {
  const { api } = useHost();
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: scheduledKey });
  return {
    reschedule: useMutation({
      mutationFn: (publishAt: string) =>
        api.patch(path(post), { publish_at: publishAt }, { schema: feedItemEnvelope }),
      onSettled: refresh,
    }),
    publish: useMutation({
      mutationFn: () => api.post(`${path(post)}/publish`, {}, { schema: feedItemEnvelope }),
      onSuccess: ({ data }) => addPost(client, data),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: () => api.send('DELETE', path(post)),
      onSettled: refresh,
    }),
  };
}
