import { adminApplicationsResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

export const applicationsKey = ['admin-applications'];

/** `GET /v1/admin/applications`: the creator applications waiting for a decision. */
export function useApplications() {
  const { api } = useHost();
  return useQuery({
    queryKey: applicationsKey,
    queryFn: async ({ signal }) =>
      (await api.get('/v1/admin/applications', { schema: adminApplicationsResponse, signal })).applications,
  });
}
