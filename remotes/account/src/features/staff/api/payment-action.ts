import { staffActionResponse, type StaffPaymentAction } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './audit';
import { personKey } from './person';

/** `POST /v1/admin/payments/:id/refund|chargeback` with a reason; the person and the log are read again. */
export function usePaymentAction(personId: string) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      paymentId,
      action,
      reason,
    }: {
      paymentId: string;
      action: StaffPaymentAction;
      reason: string;
    }) =>
      api.post(
        `/v1/admin/payments/${encodeURIComponent(paymentId)}/${action}`,
        { reason },
        {
          schema: staffActionResponse,
        },
      ),
    onSuccess: () => {
      for (const queryKey of [personKey(personId), auditKey]) void client.invalidateQueries({ queryKey });
    },
  });
}
