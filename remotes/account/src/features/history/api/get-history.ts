import { historyPage, type HistoryRow } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';
import { filterQuery, type HistoryFilter } from '../model/history-filter';

/** `GET /v1/history`: the caller's money movements, newest first, following the server's cursor. */
export function useHistory(filter: HistoryFilter) {
  const { api } = useHost();
  const query = filterQuery(filter);
  return usePagedList<HistoryRow>({
    queryKey: ['history', query],
    fetchPage: (url, signal) =>
      url
        ? api.get(url, { schema: historyPage, signal })
        : api.get('/v1/history', { query: { limit: '20', ...query }, schema: historyPage, signal }),
    itemKey: (r) => r._id,
  });
}
