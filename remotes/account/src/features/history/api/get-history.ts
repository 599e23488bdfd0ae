import { historyPage, type HistoryRow } from '@cove/contracts';
import { useHost, useServerEvent } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';
import { useQueryClient } from '@tanstack/react-query';
import { filterQuery, type HistoryFilter } from '../model/history-filter';

const historyKey = ['history'];

/**
 * `GET /v1/history`: the caller's money movements, newest first, following the server's cursor. A
 * payment that moves on (refunded or charged back by support, say) is read again at once.
 */
export function useHistory(filter: HistoryFilter) {
  const { api } = useHost();
  const client = useQueryClient();
  const query = filterQuery(filter);
  useServerEvent('payment_updated', () => void client.invalidateQueries({ queryKey: historyKey }));
  return usePagedList<HistoryRow>({
    queryKey: [...historyKey, query],
    fetchPage: (url, signal) =>
      url
        ? api.get(url, { schema: historyPage, signal })
        : api.get('/v1/history', { query: { limit: '20', ...query }, schema: historyPage, signal }),
    itemKey: (r) => r._id,
  });
}
