import { feedPage, type FeedItem } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';
import { homeFeedKey } from '../../../common/post-lists';

/** The spec's feed page size. */
const pageSize = 20;

/**
 * `GET /v1/feed` without `model_id`: the posts of everyone the fan follows or subscribes to, page by
 * page. Reading the first page marks the feed read on the server (docs/rules.md, Home feed).
 */
export function useHomeFeed() {
  const { api } = useHost();
  return usePagedList<FeedItem>({
    queryKey: homeFeedKey,
    fetchPage: (url, signal) =>
      url
        ? api.get(url, { schema: feedPage, signal })
        : api.get('/v1/feed', { query: { limit: pageSize }, schema: feedPage, signal }),
    itemKey: (post) => post._id,
  });
}
