// `@cove/runtime/query`: the remotes' server-state helpers over TanStack Query.
export { QueryRoot, createQueryClient } from './query-root';
export {
  usePagedList,
  pagedListOptions,
  pagedItems,
  updatePagedItems,
  nextPageOf,
  type Paged,
  type PagedList,
  type PagedListOptions,
} from './paged-list';
export { useVaultList } from './vault-list';
export { offsetPages } from './offset-pages';
export { refreshLive, useRefreshOn } from './live-refresh';
export { useLiveBroadcastStats } from './live-broadcast-stats';
