/**
 * Least-squares line through (x, y) points: its slope, the slope's standard error, and the spread of
 * the points around the line.
 */
export function fitLine(points: { x: number; y: number }[]) {
  const n = points.length;
  if (n < 3) return { slope: NaN, slopeSe: NaN, residualSd: NaN };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const slope = sxy / sxx;
  const residuals = points.map((p) => p.y - (my + slope * (p.x - mx)));
  const residualSd = Math.sqrt(residuals.reduce((s, r) => s + r * r, 0) / (n - 2));
  return { slope, slopeSe: residualSd / Math.sqrt(sxx), residualSd };
}
