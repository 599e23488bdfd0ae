import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

export interface RowSize {
  key: string;
  /** Height in px until the row has been drawn and measured. */
  estimate: number;
  /** A heading stays above its group as older rows join it, so the place is kept by a row below it. */
  heading?: boolean;
}

/** Rows drawn beyond each edge of the box, in px: a fast scroll or a Tab finds them ready. */
const overscan = 900;

/** Where rows sat at the last commit: the list's top in the box, and each row's top from there. */
interface Placed {
  rows: readonly RowSize[];
  keys: readonly string[];
  sizes: ReadonlyMap<string, number>;
  at: ReadonlyMap<string, number>;
  offsets: Float64Array;
  listTop: number;
}

/**
 * The rendered rows by their first and last keys, so an older page prepended moves nothing, and by
 * index for when those rows are gone (a message deleted). The first is never a heading: a heading
 * stays above its group as older rows join it, and is drawn when the row below it is.
 */
interface Range {
  from: string | undefined;
  to: string | undefined;
  start: number;
  end: number;
}

function offsetsOf(rows: readonly RowSize[], sizes: ReadonlyMap<string, number>): Float64Array {
  const offsets = new Float64Array(rows.length + 1);
  for (const [i, row] of rows.entries()) {
    offsets[i + 1] = (offsets[i] ?? 0) + (sizes.get(row.key) ?? row.estimate);
  }
  return offsets;
}

/** The row at `y` px from the list's top (the last that starts at or above it). */
function rowAt(offsets: Float64Array, y: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((offsets[mid] ?? 0) <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/** The range that covers the box, whose top is `top` px into the list, and `margin` px each side. */
function rowsAround(offsets: Float64Array, top: number, height: number, margin: number) {
  return { start: rowAt(offsets, top - margin), end: rowAt(offsets, top + height + margin) + 1 };
}

/**
 * A new range only when the rendered one no longer covers half the overscan each side, so a scroll
 * re-renders every few frames rather than every frame.
 */
function settle(range: Range, placed: Placed, top: number, height: number): Range {
  const { start, end } = drawn(range, placed.rows, placed.at);
  const need = rowsAround(placed.offsets, top, height, overscan / 2);
  if (start <= need.start && end >= need.end && (end > start || placed.rows.length === 0)) return range;
  const want = rowsAround(placed.offsets, top, height, overscan);
  let first = want.start;
  while (placed.rows[first]?.heading && first + 1 < want.end) first += 1;
  return { from: placed.keys[first], to: placed.keys[want.end - 1], start: first, end: want.end };
}

/** The rows a range draws now: from its first key (with the heading above it) to its last. */
function drawn(range: Range, rows: readonly RowSize[], at: ReadonlyMap<string, number>) {
  const first = (range.from === undefined ? undefined : at.get(range.from)) ?? range.start;
  const last = range.to === undefined ? undefined : at.get(range.to);
  const start = Math.min(rows.length, rows[first - 1]?.heading ? first - 1 : first);
  return { start, end: Math.min(rows.length, Math.max(start, last === undefined ? range.end : last + 1)) };
}

/**
 * Windowing for a thread that reads bottom-up: only the rows near the box are rendered, between two
 * paddings that stand for the rest. Heights are measured as rows are drawn and when they change
 * (a photo loading, a narrower window). After every commit the row at the top of the box stays
 * where it was (an older page prepended, a height corrected) unless the box was within
 * `stickiness` px of its end, where it stays at the end (a new message, the composer growing).
 */
export function useVirtualRows(rows: readonly RowSize[], stickiness: number) {
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const fromBottom = useRef(0);
  const placed = useRef<Placed | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const [sizes, setSizes] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [redrawn, redraw] = useState(0);
  // Opened at the end: the newest rows first, until the box has been measured.
  const [range, setRange] = useState<Range>(() => ({
    from: undefined,
    to: undefined,
    start: Math.max(0, rows.length - 20),
    end: rows.length,
  }));

  const keys = useMemo(() => rows.map((r) => r.key), [rows]);
  const at = useMemo(() => new Map(keys.map((k, i) => [k, i])), [keys]);
  const offsets = useMemo(() => offsetsOf(rows, sizes), [rows, sizes]);
  const { start, end } = drawn(range, rows, at);

  useLayoutEffect(() => {
    const el = box.current;
    const ol = list.current;
    if (!el || !ol) return;
    let measured: Map<string, number> | null = null;
    for (const child of ol.children) {
      const key = child instanceof HTMLElement ? child.dataset.key : undefined;
      const height = child.getBoundingClientRect().height;
      // A row of no height is not laid out (a hidden pane): its estimate stands.
      if (key === undefined || height === 0 || Math.abs((sizes.get(key) ?? -1) - height) < 0.5) continue;
      measured ??= new Map(sizes);
      measured.set(key, height);
    }
    const now = measured ? offsetsOf(rows, measured) : offsets;
    const listTop = ol.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop;
    const before = placed.current;
    if (fromBottom.current < stickiness) {
      el.scrollTop = el.scrollHeight;
    } else if (before) {
      const y = el.scrollTop - before.listTop;
      let i = rowAt(before.offsets, y);
      while (before.rows[i]?.heading && i + 1 < before.rows.length) i += 1;
      const key = before.keys[i];
      const j = key === undefined ? undefined : at.get(key);
      if (j !== undefined) el.scrollTop = listTop + (now[j] ?? 0) + y - (before.offsets[i] ?? 0);
    }
    const next = { rows, keys, sizes: measured ?? sizes, at, offsets: now, listTop };
    placed.current = next;
    if (measured) setSizes(measured);
    setRange((r) => settle(r, next, el.scrollTop - listTop, el.clientHeight));
    // `start`, `end` and `redrawn` change what is laid out without being read here.
  }, [rows, sizes, offsets, keys, at, start, end, redrawn, stickiness]);

  // Heights that change after drawing (media loading, rewrapped text) and a box that shrinks or grows
  // are laid out again before they are painted.
  const watcher = useCallback(() => {
    observer.current ??= new ResizeObserver((entries) => {
      const known = placed.current?.sizes;
      const changed = entries.some(({ target, borderBoxSize }) => {
        // The list grows below its rows when a message is being sent: followed only at the end.
        if (target === list.current) return fromBottom.current < stickiness;
        const key = target instanceof HTMLElement ? target.dataset.key : undefined;
        if (key === undefined) return true;
        const height = borderBoxSize[0]?.blockSize ?? target.getBoundingClientRect().height;
        return height > 0 && Math.abs((known?.get(key) ?? -1) - height) >= 0.5;
      });
      if (changed) flushSync(() => redraw((n) => n + 1));
    });
    return observer.current;
  }, [stickiness]);
  const observe = useCallback(
    (row: HTMLLIElement | null) => {
      if (!row || typeof ResizeObserver === 'undefined') return undefined;
      const watching = watcher();
      watching.observe(row);
      return () => watching.unobserve(row);
    },
    [watcher],
  );
  useEffect(() => {
    const el = box.current;
    if (el && list.current && typeof ResizeObserver !== 'undefined') {
      watcher().observe(el);
      watcher().observe(list.current);
    }
    return () => {
      observer.current?.disconnect();
      observer.current = null;
    };
  }, [watcher]);

  const onScroll = useCallback(() => {
    const el = box.current;
    const now = placed.current;
    if (!el || !now) return;
    fromBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight;
    setRange((r) => settle(r, now, el.scrollTop - now.listTop, el.clientHeight));
  }, []);

  /** Scrolls the row into the box and draws it now, so it can take focus (Home, End, an arrow). */
  const reveal = useCallback((key: string) => {
    const el = box.current;
    const now = placed.current;
    const i = now?.at.get(key);
    if (!el || !now || i === undefined) return;
    const top = now.listTop + (now.offsets[i] ?? 0);
    const bottom = now.listTop + (now.offsets[i + 1] ?? 0);
    if (top < el.scrollTop) el.scrollTop = top;
    else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
    fromBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight;
    flushSync(() => setRange((r) => settle(r, now, el.scrollTop - now.listTop, el.clientHeight)));
  }, []);

  return {
    boxRef: box,
    listRef: list,
    observe,
    onScroll,
    reveal,
    start,
    end,
    before: offsets[start] ?? 0,
    after: (offsets[rows.length] ?? 0) - (offsets[end] ?? 0),
  };
}
