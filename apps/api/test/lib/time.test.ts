// Calendar-day arithmetic (the dashboards' periods and week keys) agrees with a zoned date library on every day.
import { DateTime } from 'luxon';
import { addDays, weekStart } from '../../src/lib/time';

describe('addDays and weekStart', () => {
  it('match luxon over four years of days, across month ends, leap days and clock changes', () => {
    let day = '2023-12-25';
    for (let i = 0; i < 4 * 366; i++) {
      const dt = DateTime.fromISO(day, { zone: 'UTC' });
      for (const n of [-400, -31, -7, -1, 0, 1, 6, 29, 89])
        expect(addDays(day, n)).toBe(dt.plus({ days: n }).toISODate());
      expect(weekStart(day)).toBe(dt.startOf('week').toISODate());
      day = addDays(day, 1);
    }
    expect(day).toBe('2027-12-28'); // 4 × 366 days on
  });

  it('knows the leap day and the week that spans a new year', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(weekStart('2027-01-02')).toBe('2026-12-28'); // a Saturday in the week that began on Monday 28 December
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday is its own week start
  });

  it('leaves anything that is not a date alone', () => {
    expect(addDays('not-a-day', 3)).toBe('not-a-day');
    expect(weekStart('W2026-11-16')).toBe('W2026-11-16');
  });
});
