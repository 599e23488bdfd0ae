import { useEffect, useRef } from 'react';

interface MorePages {
  hasMore: boolean;
  loadingMore: boolean;
  moreError: string | null;
  loadMore(): void;
}

/**
 * Infinite paging: the next page loads when the returned sentinel scrolls near the view. Browsers
 * without IntersectionObserver (and a failed page) fall back to the Load more button beside it.
 */
export function useAutoLoad(list: MorePages) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(list);
  useEffect(() => {
    latest.current = list;
  });
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore, loadingMore, moreError, loadMore } = latest.current;
        if (entries.some((e) => e.isIntersecting) && hasMore && !loadingMore && !moreError) loadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return sentinel;
}
