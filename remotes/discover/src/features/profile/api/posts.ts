import { feedPage, type FeedItem } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';
import { postsKey } from '../../../common/post-lists';

/** The profile's tabs: every post, photos only, videos only. */
export type PostsTab = 'all' | 'image' | 'video';

/** The spec's feed page size. */
const pageSize = 20;

/** `GET /v1/feed?model_id=` for one tab, page by page along the server's `next` links. */
export function usePosts(creatorId: string, tab: PostsTab) {
  const { api } = useHost();
  return usePagedList<FeedItem>({
    queryKey: [...postsKey(creatorId), tab],
    fetchPage: (url, signal) =>
      url
        ? api.get(url, { schema: feedPage, signal })
        : api.get('/v1/feed', {
            query: { model_id: creatorId, limit: pageSize, media: tab === 'all' ? undefined : tab },
            schema: feedPage,
            signal,
          }),
    itemKey: (post) => post._id,
  });
}
