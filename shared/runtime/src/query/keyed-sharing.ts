import { replaceEqualDeep, type InfiniteData } from '@tanstack/react-query';
import type { Paged } from './paged-list';

/** Whether two pages hold the same items, and the same values in their other fields (`next`, a total). */
function samePage<T>(old: Paged<T> | undefined, page: Paged<T>, data: T[]): old is Paged<T> {
  if (!old || old.data.length !== data.length || data.some((item, i) => item !== old.data[i])) return false;
  const rest = { ...old, data: [] };
  return replaceEqualDeep(rest, { ...page, data: [] }) === rest;
}

/**
 * Structural sharing for a paged list, matched by item key rather than by position: an item equal to
 * the one of the same key before keeps its object, wherever it moved. TanStack's own sharing pairs
 * items by index, so a chat moved to the top made a fresh copy of every row below it, and each of
 * those rows rendered again though nothing in it changed. A page, and the whole list, keep their
 * objects when all their items did.
 */
export function shareItemsByKey<T>(
  before: InfiniteData<Paged<T>> | undefined,
  after: InfiniteData<Paged<T>>,
  itemKey: (item: T) => string,
): InfiniteData<Paged<T>> {
  if (!before) return after;
  const known = new Map<string, T>();
  for (const page of before.pages) for (const item of page.data) known.set(itemKey(item), item);
  const pages = after.pages.map((page, i) => {
    const data = page.data.map((item) => {
      const was = known.get(itemKey(item));
      return was === undefined ? item : (replaceEqualDeep(was, item) as T);
    });
    const old = before.pages[i];
    return samePage(old, page, data) ? old : { ...page, data };
  });
  const pageParams = replaceEqualDeep(before.pageParams, after.pageParams);
  const unchanged =
    pageParams === before.pageParams &&
    pages.length === before.pages.length &&
    pages.every((page, i) => page === before.pages[i]);
  return unchanged ? before : { pages, pageParams };
}
