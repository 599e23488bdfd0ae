import type { Message } from '@cove/contracts';

export interface Day {
  key: string;
  label: string;
  messages: Message[];
}

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** A day's heading: Today, Yesterday, then the date (with its year when it is not this year's). */
export function dayLabel(iso: string, now = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (dayKey(at) === dayKey(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(at) === dayKey(yesterday)) return 'Yesterday';
  return at.toLocaleDateString(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** Messages oldest first, grouped by the reader's calendar day. */
export function groupByDay(oldestFirst: readonly Message[], now = new Date(), locale?: string): Day[] {
  const days: Day[] = [];
  for (const m of oldestFirst) {
    const key = dayKey(new Date(m.created_at));
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(m);
    else days.push({ key, label: dayLabel(m.created_at, now, locale), messages: [m] });
  }
  return days;
}
