import { proxy, useSnapshot } from 'valtio';

/**
 * The shell's and remotes' only way to valtio: a store is a proxy whose writes re-render the
 * components that read it through `useStore`. Keeping valtio behind these two names lets the state
 * library change in one place.
 */
export function createStore<T extends object>(initial: T): T {
  return proxy(initial);
}

/** A render-tracked, read-only snapshot of a store. */
export function useStore<T extends object>(store: T): Readonly<T> {
  return useSnapshot(store) as Readonly<T>;
}
