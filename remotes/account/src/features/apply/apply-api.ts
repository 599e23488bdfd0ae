import { type ApplyBody, geoIpResponse, type IdVerification, idVerificationResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const idVerificationKey = ['id-verification'];
/** How often a page waiting for the identity provider asks again. */
export const CHECK_POLL_MS = 3000;

/** Where the application stands (`GET /v1/users/id-verification`), asked again while a check is open. */
export function useIdVerification() {
  const { api } = useHost();
  return useQuery({
    queryKey: idVerificationKey,
    queryFn: ({ signal }) => api.get('/v1/users/id-verification', { schema: idVerificationResponse, signal }),
    refetchInterval: (query) => (query.state.data?.identity_check === 'in_progress' ? CHECK_POLL_MS : false),
  });
}

/** The country the server places the caller in (`GET /v1/geo_ip`), null when it cannot tell. */
export function useGeoCountry(): string | null {
  const { api } = useHost();
  const geo = useQuery({
    queryKey: ['geo-ip'],
    queryFn: ({ signal }) => api.get('/v1/geo_ip', { schema: geoIpResponse, signal }),
    staleTime: Infinity,
  });
  return geo.data?.country_code ?? null;
}

/** A call whose answer is the new state: applying, or opening an identity check. */
function useStateChange<V>(call: (v: V) => Promise<IdVerification>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => client.setQueryData(idVerificationKey, state),
  });
}

export function useApply() {
  const { api } = useHost();
  return useStateChange((body: ApplyBody) =>
    api.post('/v1/users/apply', body, { schema: idVerificationResponse }),
  );
}

export function useStartCheck() {
  const { api } = useHost();
  return useStateChange(() => api.post('/v1/users/id-verification', {}, { schema: idVerificationResponse }));
}
