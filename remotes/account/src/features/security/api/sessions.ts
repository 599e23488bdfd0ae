import { sessionsList, signedOutCount } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useRefreshOn } from '@cove/runtime/query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { securityKeys } from '../../../common/security-status';

/** `GET /v1/account/sessions`: where the person is signed in, read again on each sign-in or sign-out anywhere. */
export function useSessions() {
  const { api } = useHost();
  useRefreshOn(securityKeys.sessions, ['sessions_updated']);
  return useQuery({
    queryKey: securityKeys.sessions,
    queryFn: ({ signal }) => api.get('/v1/account/sessions', { schema: sessionsList, signal }),
  });
}

/** `DELETE /v1/account/sessions/{id}`: signs that device out (its open pages are closed at once). */
export function useSignOutSession() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send('DELETE', `/v1/account/sessions/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

/** `POST /v1/account/sessions/sign-out-others`: every device but this one. */
export function useSignOutOthers() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/v1/account/sessions/sign-out-others', {}, { schema: signedOutCount }),
    onSettled: () => client.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}
