import {
  type ReportResolution,
  type ReportStatus,
  staffReportResponse,
  staffReportsResponse,
  type WarningKind,
} from '@cove/contracts';
import { useHost, useServerEvent } from '@cove/runtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const reportsKey = ['staff', 'reports'];
const reportKey = (id: string) => [...reportsKey, 'one', id];

/** `GET /v1/admin/reports?status=`: the queue, oldest first; a new report comes in live. */
export function useReports(status: ReportStatus | 'unresolved') {
  const { api } = useHost();
  const client = useQueryClient();
  useServerEvent('report_filed', () => void client.invalidateQueries({ queryKey: reportsKey }));
  return useQuery({
    queryKey: [...reportsKey, status],
    queryFn: async ({ signal }) =>
      (
        await api.get('/v1/admin/reports', {
          query: status === 'unresolved' ? {} : { status },
          schema: staffReportsResponse,
          signal,
        })
      ).reports,
  });
}

/** `GET /v1/admin/reports/:id`. */
export function useReport(id: string) {
  const { api } = useHost();
  return useQuery({
    queryKey: reportKey(id),
    queryFn: async ({ signal }) =>
      (await api.get(`/v1/admin/reports/${encodeURIComponent(id)}`, { schema: staffReportResponse, signal }))
        .report,
  });
}

/** `POST /v1/admin/reports/:id/assign` and `.../resolve`; the queue is read again after either. */
export function useReportActions(id: string) {
  const { api } = useHost();
  const client = useQueryClient();
  const path = `/v1/admin/reports/${encodeURIComponent(id)}`;
  const settle = {
    onSuccess: ({ report }: { report: unknown }) => {
      client.setQueryData(reportKey(id), report);
      void client.invalidateQueries({ queryKey: reportsKey });
    },
  };
  const assign = useMutation({
    mutationFn: () => api.post(`${path}/assign`, {}, { schema: staffReportResponse }),
    ...settle,
  });
  const resolve = useMutation({
    mutationFn: (body: { action: ReportResolution; reason: string; warning?: WarningKind }) =>
      api.post(`${path}/resolve`, body, { schema: staffReportResponse }),
    ...settle,
  });
  return { assign, resolve };
}
