import { discoverPage, type DiscoverProfile } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';
import { discoverQuery, type DiscoverFilters } from '../model/discover-filters';

/** The spec: the featured feed is asked for again at most once per 10 minutes unless forced. */
const featuredFreshMs = 10 * 60_000;

export const creatorsKey = ['creators'];

/** `GET /v1/users/discover` for the chosen filters, page by page along the server's `next` links. */
export function useCreators(filters: DiscoverFilters) {
  const { api } = useHost();
  const query = discoverQuery(filters);
  return usePagedList<DiscoverProfile>({
    queryKey: [...creatorsKey, query],
    fetchPage: (url, signal) =>
      url
        ? api.get(url, { schema: discoverPage, signal })
        : api.get('/v1/users/discover', { query, schema: discoverPage, signal }),
    itemKey: (profile) => profile._id,
    staleTime: filters.tab === 'featured' ? featuredFreshMs : undefined,
  });
}
