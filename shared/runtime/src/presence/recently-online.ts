/** The spec's "recently online": last seen under 72 hours ago. */
export function recentlyOnline(lastOnline: string | null, now = Date.now()): boolean {
  if (!lastOnline) return false;
  const at = Date.parse(lastOnline);
  return Number.isFinite(at) && now - at < 72 * 3_600_000;
}
