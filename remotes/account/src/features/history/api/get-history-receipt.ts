import { historyReceiptResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

/** `GET /v1/history/{id}`: one row of the caller's history as a receipt. */
export function useHistoryReceipt(id: string) {
  const { api } = useHost();
  return useQuery({
    queryKey: ['history-receipt', id],
    queryFn: ({ signal }) =>
      api
        .get(`/v1/history/${encodeURIComponent(id)}`, { schema: historyReceiptResponse, signal })
        .then((r) => r.data),
  });
}
