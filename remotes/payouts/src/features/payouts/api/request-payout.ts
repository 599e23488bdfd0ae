import { payoutEnvelope } from '@cove/contracts';
import { useAttempt, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { earningsKeys } from '../../../common/earnings-keys';

/**
 * `POST /v2/account/payout` with one idempotency key per request: a second submit while the first is
 * on its way sends nothing, and a retry after a network failure (the request may have arrived) reuses
 * the key, so the server answers it with the payout it already made.
 */
export function useRequestPayout() {
  const { api } = useHost();
  const client = useQueryClient();
  const run = useAttempt();
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ amount, factorCode }: { amount: number; factorCode?: string }) =>
      run(String(amount), async (current) => {
        const answer = await api.post(
          '/v2/account/payout',
          { amount, idempotency_key: current.key, ...(factorCode ? { factor_code: factorCode } : {}) },
          { schema: payoutEnvelope },
        );
        return answer.data;
      }),
    onSettled: () => {
      sending.current = false;
      void client.invalidateQueries({ queryKey: earningsKeys.all });
    },
  });
  return {
    mutation,
    /**
     * Asks for `amount` credits unless a request is on its way, with the authenticator code when the
     * creator has one on; `onRequested` runs once it is made.
     */
    request(amount: number, factorCode: string | undefined, onRequested: () => void) {
      if (sending.current) return;
      sending.current = true;
      mutation.reset();
      mutation.mutate({ amount, factorCode }, { onSuccess: onRequested });
    },
  };
}
