import { feedItemEnvelope, type FeedItem } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';
import { postsKey } from '../../../common/post-lists';

/**
 * The post `?post=` names, when the feed's loaded pages do not hold it: `GET /v1/feed/{id}`, kept as a
 * one-item list under the creator's posts, so an unlock or a tip on it reaches it as it reaches them.
 */
export function useOpenedPost(creatorId: string, postId: string | null, wanted: boolean) {
  const { api } = useHost();
  return usePagedList<FeedItem>({
    queryKey: [...postsKey(creatorId), 'opened', postId],
    fetchPage: async (_url, signal) => {
      const { data } = await api.get(`/v1/feed/${encodeURIComponent(postId ?? '')}`, {
        schema: feedItemEnvelope,
        signal,
      });
      // Another creator's post is not this profile's to open.
      return { data: data.model_id === creatorId ? [data] : [], next: null };
    },
    itemKey: (post) => post._id,
    enabled: wanted && postId !== null,
  });
}
