import { idVerificationResponse, type IdVerification } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const idVerificationKey = ['id-verification'];
/** How often a page waiting for the identity provider asks again. */
const CHECK_POLL_MS = 3000;

/** Where the application stands (`GET /v1/users/id-verification`), asked again while a check is open. */
export function useIdVerification() {
  const { api } = useHost();
  return useQuery({
    queryKey: idVerificationKey,
    queryFn: ({ signal }) => api.get('/v1/users/id-verification', { schema: idVerificationResponse, signal }),
    refetchInterval: (query) => (query.state.data?.identity_check === 'in_progress' ? CHECK_POLL_MS : false),
  });
}

/** A call whose answer is the new state (applying, opening an identity check), kept as the state read. */
export function useIdVerificationChange<V>(call: (v: V) => Promise<IdVerification>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => client.setQueryData(idVerificationKey, state),
  });
}
