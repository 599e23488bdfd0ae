import { securityStatus } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

export const securityKeys = { status: ['security', 'status'], sessions: ['security', 'sessions'] };

/** `GET /v1/account/security`: whether the authenticator app is on, recovery codes left, whether it is required. */
export function useSecurityStatus() {
  const { api } = useHost();
  return useQuery({
    queryKey: securityKeys.status,
    queryFn: ({ signal }) => api.get('/v1/account/security', { schema: securityStatus, signal }),
  });
}
