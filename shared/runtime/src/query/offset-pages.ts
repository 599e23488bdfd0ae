import type { ApiClient, RequestOptions } from '@cove/contracts';
import type { Paged } from './paged-list';

/** The spec's page size for the lists the server pages by offset. */
const pageSize = 20;

/**
 * `fetchPage` for `usePagedList` over a list the server pages by offset: the first 20 from `path`,
 * then each page the server's `next` link names.
 */
export function offsetPages<P extends Paged<unknown>>(
  api: ApiClient,
  path: string,
  schema: RequestOptions<P>['schema'],
) {
  return (url: string | null, signal: AbortSignal): Promise<P> =>
    api.get(url ?? path, { query: url ? {} : { limit: pageSize, offset: 0 }, schema, signal });
}
