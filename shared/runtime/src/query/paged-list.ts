import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '../api/api-error';
import { requestState, type RequestState } from '../request/request-state';
import { shareItemsByKey } from './keyed-sharing';

/** A page of a server list: its items and the link to the next page (null on the last). */
export interface Paged<T> {
  data: T[];
  next: string | null;
}

/** The spec's paging rule: follow the server's `next`, and stop at an empty page whatever it says. */
export function nextPageOf(page: Paged<unknown>): string | undefined {
  return page.data.length === 0 ? undefined : (page.next ?? undefined);
}

export interface PagedListOptions<T> {
  queryKey: QueryKey;
  /** One page: the first when `url` is null, else the page at the server's `next` link. */
  fetchPage(url: string | null, signal: AbortSignal): Promise<Paged<T>>;
  /** Names an item, so one that moved between pages is shown once. */
  itemKey(item: T): string;
  enabled?: boolean;
  /** How long an answer counts as fresh (the client's default when absent). */
  staleTime?: number;
}

export function pagedListOptions<T>(opts: PagedListOptions<T>) {
  return infiniteQueryOptions({
    queryKey: opts.queryKey,
    queryFn: ({ pageParam, signal }) => opts.fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageOf,
    enabled: opts.enabled,
    staleTime: opts.staleTime,
    // An item that moved keeps its object, so a row memoised on it is not rendered again.
    structuralSharing: (before: unknown, after: unknown) =>
      shareItemsByKey(
        before as InfiniteData<Paged<T>> | undefined,
        after as InfiniteData<Paged<T>>,
        opts.itemKey,
      ),
  });
}

/** Every page's items in order (the first page's replace, later pages append), each item once. */
export function pagedItems<T>(data: InfiniteData<Paged<T>> | undefined, itemKey: (item: T) => string): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.data) {
      const key = itemKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

export interface PagedList<T> {
  /** The list as one request: fetching until the first page arrives, then every item so far. */
  state: RequestState<T[]>;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  /** A later page (or a refresh) failed: the items so far stay, with this to show beside them. */
  moreError: string | null;
  /** Asks again for whatever failed: the first page, or the next one. */
  retry(): void;
}

/** A server list read page by page through TanStack Query's infinite query. */
export function usePagedList<T>(opts: PagedListOptions<T>): PagedList<T> {
  const query = useInfiniteQuery(pagedListOptions(opts));
  const { itemKey } = opts;
  // One array while the pages are the same, so a long list is not walked again on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- an item's key never changes over a list's life
  const items = useMemo(() => pagedItems(query.data, itemKey), [query.data]);
  const hasData = query.data !== undefined;
  const state: RequestState<T[]> = hasData
    ? { status: 'fetched', data: items }
    : requestState<T[]>({
        status: query.status,
        fetchStatus: query.fetchStatus,
        data: undefined,
        error: query.error,
      });
  return {
    state,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage({ cancelRefetch: false }),
    moreError: hasData && query.isError ? errorMessage(query.error) : null,
    retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
  };
}

/**
 * Rewrites the items of every cached list under `queryKey` (a realtime event landing in the cache, so
 * the list changes without a refetch). `update` sees all loaded items in order; the pages keep their
 * sizes from the last one back, so the first page takes what was added or removed, and `next` links
 * stay as the server gave them.
 */
export function updatePagedItems<T>(
  client: QueryClient,
  queryKey: QueryKey,
  update: (items: T[]) => T[],
): void {
  client.setQueriesData<InfiniteData<Paged<T>>>({ queryKey }, (data) => {
    if (!data) return data;
    const items = update(data.pages.flatMap((p) => p.data));
    const sizes = data.pages.map((p) => p.data.length);
    const pages = [...data.pages];
    let end = items.length;
    for (let i = pages.length - 1; i > 0; i--) {
      const start = Math.max(0, end - (sizes[i] ?? 0));
      pages[i] = { ...data.pages[i], data: items.slice(start, end) } as Paged<T>;
      end = start;
    }
    pages[0] = { ...data.pages[0], data: items.slice(0, end) } as Paged<T>;
    return { ...data, pages };
  });
}
