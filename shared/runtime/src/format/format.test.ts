import { formatBytes } from './bytes';
import { formatDuration } from './duration';
import { formatDate, formatDateTime, messageTime, timeAgo } from './time';

const now = Date.parse('2026-06-15T12:00:00.000Z');
const before = (ms: number) => new Date(now - ms).toISOString();
const minutes = (n: number) => n * 60_000;
const days = (n: number) => n * 86_400_000;

describe('file sizes', () => {
  it.each([
    [0, '0 bytes'],
    [820, '820 bytes'],
    [1536, '1.5 KB'],
    [1.4 * 1024 * 1024, '1.4 MB'],
    [12.6 * 1024 * 1024, '13 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
  ])('%d bytes read as %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('durations', () => {
  it('writes minutes and seconds like 1m05s', () => {
    expect(formatDuration(65)).toBe('1m05s');
    expect(formatDuration(600)).toBe('10m00s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(3725)).toBe('1h02m05s');
    expect(formatDuration(64.6)).toBe('1m05s');
    expect(formatDuration(-3)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('0s');
  });
});

describe('time ago', () => {
  it.each([
    [before(20_000), 'just now'],
    [before(minutes(1)), '1 minute ago'],
    [before(minutes(59)), '59 minutes ago'],
    [before(minutes(60)), '1 hour ago'],
    [before(minutes(60 * 23)), '23 hours ago'],
    [before(days(1)), '1 day ago'],
    [before(days(6)), '6 days ago'],
    [before(days(7)), '1 week ago'],
    [before(days(29)), '4 weeks ago'],
    [before(days(31)), '1 month ago'],
    [before(days(364)), '11 months ago'],
    [before(days(366)), '1 year ago'],
    [before(days(365 * 3 + 2)), '3 years ago'],
  ])('%s reads %p', (iso, text) => {
    expect(timeAgo(iso, now)).toBe(text);
  });

  it('says just now for a time ahead of the clock, and nothing for no time', () => {
    expect(timeAgo(new Date(now + 5_000).toISOString(), now)).toBe('just now');
    expect(timeAgo(null, now)).toBe('');
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('message time', () => {
  it('says how long ago within a day, then the date, then the date with its year after a year', () => {
    expect(messageTime(before(10_000), now, 'en-US')).toBe('just now');
    expect(messageTime(before(minutes(90)), now, 'en-US')).toBe('1 hour ago');
    expect(messageTime('2026-03-04T12:00:00.000Z', now, 'en-US')).toBe('Mar 4');
    expect(messageTime('2025-06-20T12:00:00.000Z', now, 'en-US')).toBe('Jun 20');
    expect(messageTime('2025-03-04T12:00:00.000Z', now, 'en-US')).toBe('Mar 4, 2025');
    expect(messageTime(undefined, now)).toBe('');
  });

  it('writes a calendar day in full', () => {
    expect(formatDate('2026-12-24T12:00:00.000Z', 'en-GB')).toBe('24 December 2026');
    expect(formatDate(null)).toBe('');
  });

  it('writes a moment with its time, for receipts', () => {
    const local = new Date('2026-12-24T12:05:00.000Z');
    const hh = String(local.getHours()).padStart(2, '0');
    expect(formatDateTime('2026-12-24T12:05:00.000Z', 'en-GB')).toBe(
      `${local.getDate()} December 2026 at ${hh}:05`,
    );
    expect(formatDateTime(undefined)).toBe('');
  });
});
