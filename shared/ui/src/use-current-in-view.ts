import { type RefObject, useEffect } from 'react';

/**
 * Keeps the current item of a horizontally scrolling row in view, centred, whenever `key` changes
 * (the route, the chosen tab). A row that fits is left alone.
 */
export function useCurrentInView(row: RefObject<HTMLElement | null>, selector: string, key: unknown): void {
  useEffect(() => {
    const el = row.current;
    const current = el?.querySelector<HTMLElement>(selector);
    if (!el || !current || el.scrollWidth <= el.clientWidth) return;
    el.scrollTo?.({ left: current.offsetLeft - el.offsetLeft - (el.clientWidth - current.offsetWidth) / 2 });
  }, [row, selector, key]);
}
