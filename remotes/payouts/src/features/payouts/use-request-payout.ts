import { payoutEnvelope } from '@cove/contracts';
import { isApiError, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { earningsKeys } from '../../common/earnings-queries';

const isNetworkError = (err: unknown) => isApiError(err) && err.status === 0 && err.code === 'network';

/**
 * `POST /v2/account/payout` with one idempotency key per request: a second submit while the first is
 * on its way sends nothing, and a retry after a network failure (the request may have arrived) reuses
 * the key, so the server answers it with the payout it already made.
 */
export function useRequestPayout() {
  const { api } = useHost();
  const client = useQueryClient();
  const attempt = useRef<{ amount: number; key: string } | null>(null);
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: async (amount: number) => {
      const current =
        attempt.current?.amount === amount ? attempt.current : { amount, key: crypto.randomUUID() };
      attempt.current = current;
      try {
        const answer = await api.post(
          '/v2/account/payout',
          { amount, idempotency_key: current.key },
          { schema: payoutEnvelope },
        );
        attempt.current = null;
        return answer.data;
      } catch (err) {
        if (!isNetworkError(err)) attempt.current = null;
        throw err;
      }
    },
    onSettled: () => {
      sending.current = false;
      void client.invalidateQueries({ queryKey: earningsKeys.all });
    },
  });
  return {
    mutation,
    /** Asks for `amount` credits unless a request is on its way; `onRequested` runs once it is made. */
    request(amount: number, onRequested: () => void) {
      if (sending.current) return;
      sending.current = true;
      mutation.reset();
      mutation.mutate(amount, { onSuccess: onRequested });
    },
  };
}
