import { releaseActionResult, releasesResponse, type RemoteName } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReleasePlan } from '../model/release-plan';

const releasesKey = ['admin-releases'];
/** No event tells the page that the registry moved (the CLI or an automatic rollback may move it): it asks again. */
const REFRESH_MS = 10_000;

/** `GET /v1/admin/releases`: every remote's versions, canary, error rates and the recent release actions. */
export function useReleases() {
  const { api } = useHost();
  return useQuery({
    queryKey: releasesKey,
    queryFn: ({ signal }) => api.get('/v1/admin/releases', { schema: releasesResponse, signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** The request body of each action; the server requires the reason. */
function bodyOf(plan: ReleasePlan, reason: string, percent: number): object {
  switch (plan.kind) {
    case 'publish':
      return { version: plan.version, reason };
    case 'canary':
      return { version: plan.version, percent, reason };
    case 'promote':
      return { reason };
    case 'rollback':
      return plan.to ? { to: plan.to, reason } : { reason };
  }
}

/** `POST /v1/admin/releases/{remote}/{action}`; the page reads the registry again after it. */
export function useReleaseAction(remote: RemoteName, plan: ReleasePlan) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, percent }: { reason: string; percent: number }) =>
      api.post(`/v1/admin/releases/${remote}/${plan.kind}`, bodyOf(plan, reason, percent), {
        schema: releaseActionResult,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: releasesKey }),
  });
}
