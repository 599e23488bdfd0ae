import type { RequestState } from '@cove/runtime';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';
import styles from './State.module.css';

/** Renders a request's state: a spinner while fetching, the error with a retry, then `children(data)`. */
export function RequestView<T>({
  state,
  retry,
  children,
}: {
  state: RequestState<T>;
  retry(): void;
  children(data: T): ReactNode;
}) {
  if (state.status === 'fetched') return <>{children(state.data)}</>;
  if (state.status === 'error') {
    return (
      <div className={styles.error} role="alert">
        <p>{state.message}</p>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.center} role="status" aria-label="Loading">
      <Spinner size={50} />
    </div>
  );
}
