import type { ApiClient } from '@cove/contracts';
import * as z from 'zod';
import { discoverQuery, type DiscoverFilters } from './discover-filters';

const profile = z.looseObject({
  _id: z.string(),
  username: z.string().nullish(),
  avatar_url: z.string().nullish(),
  last_online: z.string().nullish(),
});
export type DiscoverProfile = z.infer<typeof profile>;

/** The response's fields are not fixed by the spec: a page object with `data`, or a bare list. */
const page = z.union([
  z.looseObject({ data: z.array(profile), next: z.string().nullish() }),
  z.array(profile).transform((data) => ({ data, next: null })),
]);

export function fetchProfiles(api: ApiClient, filters: DiscoverFilters, signal: AbortSignal) {
  return api.get('/v1/users/discover', { query: discoverQuery(filters), schema: page, signal });
}

/** Recently online: last seen under 72 hours ago. */
export function recentlyOnline(lastOnline: string | null | undefined, now = Date.now()): boolean {
  if (!lastOnline) return false;
  const at = Date.parse(lastOnline);
  return Number.isFinite(at) && now - at < 72 * 3_600_000;
}
