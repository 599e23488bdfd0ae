import { useEffect, useState } from 'react';
import type { Observable } from '@cove/rx';

/** The latest value of `source$` (starting at `initial`); the subscription ends with the component. */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const subscription = source$.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [source$]);
  return value;
}
