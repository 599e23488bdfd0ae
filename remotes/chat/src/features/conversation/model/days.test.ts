import { testMessage } from '@cove/runtime/testing';
import { dayLabel, groupByDay } from './days';

const now = new Date(2026, 10, 25, 12, 0);
const at = (y: number, mo: number, d: number, h = 10) => new Date(y, mo, d, h).toISOString();

describe('days of a thread', () => {
  it('names today, yesterday, then dates, with the year only for other years', () => {
    expect(dayLabel(at(2026, 10, 25, 1), now, 'en-US')).toBe('Today');
    expect(dayLabel(at(2026, 10, 24, 23), now, 'en-US')).toBe('Yesterday');
    expect(dayLabel(at(2026, 2, 4), now, 'en-US')).toBe('Wednesday, March 4');
    expect(dayLabel(at(2025, 2, 4), now, 'en-US')).toBe('Tuesday, March 4, 2025');
  });

  it('groups consecutive messages of one day under one heading', () => {
    const days = groupByDay(
      [
        testMessage({ _id: '1', created_at: at(2026, 10, 24, 9) }),
        testMessage({ _id: '2', created_at: at(2026, 10, 24, 20) }),
        testMessage({ _id: '3', created_at: at(2026, 10, 25, 8) }),
      ],
      now,
      'en-US',
    );
    expect(days.map((d) => [d.label, d.messages.map((m) => m._id)])).toEqual([
      ['Yesterday', ['1', '2']],
      ['Today', ['3']],
    ]);
  });
});
