import { historyExport } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation } from '@tanstack/react-query';
import { filterQuery, type HistoryFilter } from '../model/history-filter';

/** `GET /v1/history/export`: the filtered range as CSV, read when the person asks for the file. */
export function useHistoryExport() {
  const { api } = useHost();
  return useMutation({
    mutationFn: (filter: HistoryFilter) =>
      api.get('/v1/history/export', { query: filterQuery(filter), schema: historyExport }),
  });
}
