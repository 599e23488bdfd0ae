import { paymentEnvelope } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

/**
 * `GET /v1/payment/{id}`: how a payment that succeeded here ended for what it was for (the post
 * unlocked, or why not), once; null `id` reads nothing.
 */
export function usePayment(id: string | null) {
  const { api } = useHost();
  return useQuery({
    queryKey: ['payment', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get(`/v1/payment/${encodeURIComponent(id ?? '')}`, { schema: paymentEnvelope, signal }),
  });
}
