import {
  type StaffAction,
  staffActionResponse,
  type StaffActionBody,
  staffPersonView,
} from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './audit';
import { reportsKey } from './reports';

export const personKey = (id: string) => ['staff', 'person', id];

/** How often the view is read again while a refund or chargeback waits for the provider's word. */
const REVERSAL_POLL_MS = 1500;

/**
 * `GET /v1/admin/users/:id`: one person as staff see them. A refund asked here applies when the
 * provider confirms it, an event for the payer alone: until then the view is read again now and then.
 */
export function usePerson(id: string) {
  const { api } = useHost();
  return useQuery({
    queryKey: personKey(id),
    queryFn: ({ signal }) =>
      api.get(`/v1/admin/users/${encodeURIComponent(id)}`, { schema: staffPersonView, signal }),
    refetchInterval: (query) =>
      query.state.data?.payments.recent.some((p) => p.reversal_asked && p.status === 'succeeded')
        ? REVERSAL_POLL_MS
        : false,
  });
}

/** `POST /v1/admin/users/:id/actions/:action`; the person, the queue and the log are read again. */
export function usePersonAction(id: string) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: StaffAction; body: StaffActionBody }) =>
      api.post(`/v1/admin/users/${encodeURIComponent(id)}/actions/${action}`, body, {
        schema: staffActionResponse,
      }),
    onSuccess: () => {
      for (const queryKey of [personKey(id), reportsKey, auditKey])
        void client.invalidateQueries({ queryKey });
    },
  });
}
