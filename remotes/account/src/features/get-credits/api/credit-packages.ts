import { creditPackagesResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

export const creditPackagesKey = ['credit-packages'];

/** `GET /v1/payment/packages`: the packages on offer, the card processor's form and the first-purchase bonus. */
export function useCreditPackages() {
  const { api } = useHost();
  return useQuery({
    queryKey: creditPackagesKey,
    queryFn: ({ signal }) => api.get('/v1/payment/packages', { schema: creditPackagesResponse, signal }),
  });
}
