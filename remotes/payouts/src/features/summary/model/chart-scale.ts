/**
 * The top of the chart's scale: the smallest 1, 2 or 5 × 10ⁿ credits at or above the best day, so the
 * gridlines fall on round amounts. Never below 10 credits ($1.00), so an empty month still has an axis.
 */
export function niceMax(value: number): number {
  const floor = Math.max(value, 10);
  const magnitude = 10 ** Math.floor(Math.log10(floor));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= floor) ?? 10;
  return step * magnitude;
}

export interface Segment {
  y: number;
  height: number;
}

/**
 * One day's bar as stacked segments on a 0–100 scale (100 at `max`), bottom up in `values` order.
 * Negative amounts (a chargeback) draw nothing: the table beside the chart still shows them.
 */
export function stack(values: number[], max: number): Segment[] {
  let base = 100;
  return values.map((value) => {
    const height = (Math.max(value, 0) / max) * 100;
    base -= height;
    return { y: base, height };
  });
}
