import { releaseActionResult, releasesResponse, type RemoteName } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useRefreshOn } from '@cove/runtime/query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReleasePlan } from '../model/release-plan';

const releasesKey = ['admin-releases'];
/** The error rates move with every page load everywhere, too often for an event each: they are asked for again. */
const RATES_REFRESH_MS = 30_000;

/**
 * `GET /v1/admin/releases`: every remote's versions, canary, error rates and the recent release actions,
 * read again at once when the registry moves (`releases_updated`: this page, the CLI, an automatic rollback).
 */
export function useReleases() {
  const { api } = useHost();
  useRefreshOn(releasesKey, ['releases_updated']);
  return useQuery({
    queryKey: releasesKey,
    queryFn: ({ signal }) => api.get('/v1/admin/releases', { schema: releasesResponse, signal }),
    refetchInterval: RATES_REFRESH_MS,
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
