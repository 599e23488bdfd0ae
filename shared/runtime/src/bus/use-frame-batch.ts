import { useCallback, useEffect, useRef } from 'react';

/**
 * Gathers what arrives between two frames and hands it to `apply` once, just before the next frame: a
 * burst of events then costs one cache write and one render per frame however fast it comes (a busy
 * inbox gets a thousand messages a second). Nothing is applied after the component leaves.
 */
export function useFrameBatch<T>(apply: (items: T[]) => void): (item: T) => void {
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  const pending = useRef<{ items: T[]; frame: number | null }>({ items: [], frame: null });
  useEffect(() => {
    const state = pending.current;
    return () => {
      if (state.frame !== null) cancelAnimationFrame(state.frame);
      state.frame = null;
      state.items = [];
    };
  }, []);
  return useCallback((item: T) => {
    const state = pending.current;
    state.items.push(item);
    state.frame ??= requestAnimationFrame(() => {
      const items = state.items;
      state.items = [];
      state.frame = null;
      latest.current(items);
    });
  }, []);
}
