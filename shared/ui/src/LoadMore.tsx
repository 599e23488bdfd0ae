import { Button } from './Button';
import styles from './State.module.css';

/** What a paged list's foot needs (a `PagedList` from `@cove/runtime/query` fits). */
export interface MorePages {
  hasMore: boolean;
  loadingMore: boolean;
  moreError: string | null;
  loadMore(): void;
  retry(): void;
}

/** The foot of a paged list: Load more while the server has more, or why the last page failed and a retry. */
export function LoadMore({ list }: { list: MorePages }) {
  if (list.moreError) {
    return (
      <div className={styles.error} role="alert">
        <p>{list.moreError}</p>
        <Button variant="secondary" onClick={list.retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!list.hasMore) return null;
  return (
    <div className={styles.more}>
      <Button variant="secondary" disabled={list.loadingMore} onClick={list.loadMore}>
        {list.loadingMore ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}
