/** Money as the spec shows it: a tenth of the raw amount, 2 decimals, a dollar sign (`250` is `$25.00`). */
export function formatMoney(raw: number): string {
  const dollars = (Math.abs(raw) / 10).toFixed(2);
  return raw < 0 ? `-$${dollars}` : `$${dollars}`;
}
