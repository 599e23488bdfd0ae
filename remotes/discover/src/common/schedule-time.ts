import { SCHEDULE_DAYS_MAX } from '@cove/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input holds it: the creator's own clock, to the minute. */
export function toLocalInput(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (the creator's local time) as the UTC time the server keeps, or null. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The range a post may be scheduled in (docs/rules.md, Scheduled posts), for the input's min and max. */
export function scheduleRange(now = new Date()): { min: string; max: string } {
  return {
    min: toLocalInput(new Date(now.getTime() + 60_000)),
    max: toLocalInput(new Date(now.getTime() + SCHEDULE_DAYS_MAX * 86_400_000)),
  };
}

/** Why a chosen time cannot be used, in the server's words, or null when it can. */
export function scheduleProblem(value: string, now = new Date()): string | null {
  const at = fromLocalInput(value);
  if (at === null) return 'Choose a date and time.';
  const ms = new Date(at).getTime();
  if (ms <= now.getTime()) return 'Choose a time in the future to publish this post.';
  if (ms > now.getTime() + SCHEDULE_DAYS_MAX * 86_400_000)
    return `A post can be scheduled at most ${SCHEDULE_DAYS_MAX} days ahead.`;
  return null;
}

/** A scheduled time as the creator reads it, in their own time zone. */
export const formatScheduled = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
