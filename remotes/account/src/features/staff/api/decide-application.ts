import { applicationDecisionResponse, type AdminApplication } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationsKey } from './applications';

/** `POST /v1/admin/applications/{id}/approve|reject` with staff's reason; a decided application leaves the list. */
export function useDecideApplication(application: AdminApplication) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: 'approve' | 'reject'; reason: string }) =>
      api.post(
        `/v1/admin/applications/${application.id}/${decision}`,
        { reason },
        { schema: applicationDecisionResponse },
      ),
    onSuccess: () =>
      client.setQueryData<AdminApplication[]>(applicationsKey, (all) =>
        all?.filter((x) => x.id !== application.id),
      ),
  });
}
