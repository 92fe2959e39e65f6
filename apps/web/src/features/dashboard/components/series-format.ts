// Labels for the Overview's buckets: a day, the week starting on a Monday, or a month.
import { formatDay } from '@/lib/analytics/format';

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export function formatBucket(bucket: string, granularity: string, short = false): string {
  const date = new Date(`${bucket}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return bucket;
  if (granularity === 'month') return monthFormat.format(date);
  if (short) return shortDay.format(date);
  return granularity === 'week' ? `Week of ${formatDay(bucket)}` : formatDay(bucket);
}

export const GRANULARITY_OPTIONS = [
  { value: 'auto', label: 'Auto (by period length)' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const;
