// Periods as ranges of local calendar days, resolved per store in its own zone, with the same-length previous period.
import { DateTime } from 'luxon';
import type { TAnalyticsFilter, TResolvedPeriod } from '@cx/contracts';
import { addDays, localDay } from '../../lib/time';

export interface DayRange {
  from: string;
  to: string;
}

export interface StorePeriod {
  current: DayRange;
  previous: DayRange;
  days: number;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400000) + 1;

/** The period's days in one zone: "today" is that zone's today. */
export function resolveIn(
  filter: Pick<TAnalyticsFilter, 'period' | 'from' | 'to'>,
  timeZone: string,
  now: Date,
): StorePeriod {
  const today = localDay(now, timeZone);
  const month = DateTime.fromISO(today).startOf('month');
  let current: DayRange;
  switch (filter.period) {
    case 'today':
      current = { from: today, to: today };
      break;
    case 'yesterday':
      current = { from: addDays(today, -1), to: addDays(today, -1) };
      break;
    case 'last7':
      current = { from: addDays(today, -6), to: today };
      break;
    case 'last90':
      current = { from: addDays(today, -89), to: today };
      break;
    case 'thisMonth':
      current = { from: month.toISODate()!, to: today };
      break;
    case 'lastMonth':
      current = {
        from: month.minus({ months: 1 }).toISODate()!,
        to: month.minus({ days: 1 }).toISODate()!,
      };
      break;
    case 'custom':
      current = { from: filter.from!, to: filter.to! };
      break;
    case 'last30':
    default:
      current = { from: addDays(today, -29), to: today };
  }
  const days = daysBetween(current.from, current.to);
  return { current, previous: { from: addDays(current.from, -days), to: addDays(current.from, -1) }, days };
}

/** The period as the owner reads it (labels, file names), in the owner's zone. */
export function labelPeriod(
  filter: Pick<TAnalyticsFilter, 'period' | 'from' | 'to'>,
  timeZone: string,
  now: Date,
): TResolvedPeriod {
  const p = resolveIn(filter, timeZone, now);
  return {
    preset: filter.period,
    from: p.current.from,
    to: p.current.to,
    days: p.days,
    previousFrom: p.previous.from,
    previousTo: p.previous.to,
    timeZone,
  };
}

export const inRange = (day: string, r: DayRange) => day >= r.from && day <= r.to;

/** The smallest range holding every store's range (one indexed query; each row is then checked against its store). */
export function unionRange(ranges: DayRange[]): DayRange {
  return {
    from: ranges.reduce((m, r) => (r.from < m ? r.from : m), ranges[0]?.from ?? '9999-12-31'),
    to: ranges.reduce((m, r) => (r.to > m ? r.to : m), ranges[0]?.to ?? '0000-01-01'),
  };
}
