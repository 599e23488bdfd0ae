const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Spec: just now, then relative; older than a day shows the date, older than a year the year too. */
export function timeAgo(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const at = new Date(iso);
  const diff = now - at.getTime();
  if (Number.isNaN(diff)) return '';
  if (diff < minute) return 'just now';
  if (diff < hour) return `${Math.floor(diff / minute)}m`;
  if (diff < day) return `${Math.floor(diff / hour)}h`;
  const sameYear = at.getFullYear() === new Date(now).getFullYear();
  return at.toLocaleDateString(
    undefined,
    sameYear ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' },
  );
}
