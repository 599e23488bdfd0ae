import type { RequestState } from '@cove/runtime';
import type { ReactNode } from 'react';
import { LoadMore, type MorePages } from './LoadMore';
import { RequestView } from './RequestView';

/**
 * A paged list on its screen: the spinner and error of `RequestView`, `empty` while the list holds
 * nothing, else `children(items)` above the list's Load more.
 */
export function PagedView<T>({
  list,
  empty,
  children,
}: {
  list: MorePages & { state: RequestState<T[]> };
  empty: ReactNode;
  children(items: T[]): ReactNode;
}) {
  return (
    <RequestView state={list.state} retry={list.retry}>
      {(items) =>
        items.length === 0 ? (
          empty
        ) : (
          <>
            {children(items)}
            <LoadMore list={list} />
          </>
        )
      }
    </RequestView>
  );
}
