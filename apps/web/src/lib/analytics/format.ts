// How the dashboard writes its numbers and dates: day, short month, year (spec §9); every figure with its unit.
import type { TResolvedPeriod } from '@cx/contracts';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const countFormat = new Intl.NumberFormat('en-GB');

/** '2025-06-02' → '2 Jun 2025'. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** Store-local wall-clock 'YYYY-MM-DD HH:mm' → '2 Jun 2025, 14:05'. */
export function formatLocalTime(localTime: string): string {
  const [day = '', time = ''] = localTime.split(' ');
  return time ? `${formatDay(day)}, ${time}` : formatDay(day);
}

/** '1 May 2025 – 30 May 2025' (a single day once). */
export function formatRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

export function formatPeriod(period: TResolvedPeriod): string {
  return formatRange(period.from, period.to);
}

export function formatPreviousPeriod(period: TResolvedPeriod): string {
  return formatRange(period.previousFrom, period.previousTo);
}

export type TUnit = 'count' | 'stars' | 'percent';

/** A figure as shown: counts grouped, averages to two places, percentages to one; '–' when there is none. */
export function formatFigure(value: number | null | undefined, unit: TUnit): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (unit === 'count') return countFormat.format(value);
  if (unit === 'stars') return value.toFixed(2);
  return `${value.toFixed(1)}%`;
}

/** A change with its sign: '+12', '−0.25', '+3.0 pts'; '–' when either side is missing. */
export function formatChange(change: number | null | undefined, unit: TUnit): string {
  if (change === null || change === undefined || Number.isNaN(change)) return '–';
  const abs = Math.abs(change);
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  if (unit === 'count') return `${sign}${countFormat.format(abs)}`;
  if (unit === 'stars') return `${sign}${abs.toFixed(2)}`;
  return `${sign}${abs.toFixed(1)} pts`;
}

/** Words for screen readers: 'up 12 on the previous period'. */
export function describeChange(change: number | null | undefined, unit: TUnit): string {
  if (change === null || change === undefined) return 'no previous figure to compare';
  if (change === 0) return 'no change on the previous period';
  const amount = formatChange(Math.abs(change), unit).slice(1);
  return `${change > 0 ? 'up' : 'down'} ${amount} on the previous period`;
}

export const STAR_UNIT = 'out of 5';
