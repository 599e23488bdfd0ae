const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const week = 7 * day;
/** An average month, so "N months" never reads 12 before a year has passed. */
const month = 30.44 * day;
const year = 365.25 * day;

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

const formats = new Map<string, Intl.DateTimeFormat>();

/** Making an Intl formatter is slow and using one is quick: a long thread shows thousands of dates. */
function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * How long ago, in the spec's words: `just now` under a minute, then minutes, hours, days, `N weeks ago`,
 * `N months ago` and `N years ago`. Empty for a missing or unreadable time; a time ahead of the clock
 * reads `just now`.
 */
export function timeAgo(iso: string | null | undefined, now = Date.now()): string {
  const at = parse(iso);
  if (!at) return '';
  const diff = now - at.getTime();
  if (diff < minute) return 'just now';
  if (diff < hour) return ago(Math.floor(diff / minute), 'minute');
  if (diff < day) return ago(Math.floor(diff / hour), 'hour');
  if (diff < week) return ago(Math.floor(diff / day), 'day');
  if (diff < month) return ago(Math.floor(diff / week), 'week');
  if (diff < year) return ago(Math.floor(diff / month), 'month');
  return ago(Math.floor(diff / year), 'year');
}

/**
 * When a message was sent, as the spec shows it: how long ago within a day, then the date (`Mar 4`), and
 * the date with its year once it is more than a year old (`Mar 4, 2025`). Dates are in the reader's
 * locale and time zone unless `locale` is given.
 */
export function messageTime(iso: string | null | undefined, now = Date.now(), locale?: string): string {
  const at = parse(iso);
  if (!at) return '';
  const diff = now - at.getTime();
  if (diff < day) return timeAgo(iso, now);
  return dateFormat(
    locale,
    diff < year ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' },
  ).format(at);
}

/** A calendar day in full (`24 December 2026`), for dates a person plans around. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  const at = parse(iso);
  return at ? at.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' }) : '';
}

/** A moment in full (`24 December 2026 at 14:05` in en-GB), for a receipt. */
export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  const at = parse(iso);
  return at
    ? dateFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(at)
    : '';
}
