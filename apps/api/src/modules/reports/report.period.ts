// Which days a report covers and when it is due: 08:00 local, daily for yesterday, Mondays for last week, 1sts for last month.
import { DateTime } from 'luxon';
import type { TReportPeriod } from '@cx/contracts';

export const REPORT_HOUR = 8;

export interface ReportDays {
  from: string;
  to: string;
}

/** The last complete period before the member's local today. */
export function lastPeriod(period: TReportPeriod, now: Date, timeZone: string): ReportDays {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  if (period === 'daily') {
    const d = today.minus({ days: 1 }).toISODate()!;
    return { from: d, to: d };
  }
  if (period === 'weekly') {
    const monday = today.startOf('week'); // luxon weeks start on Monday (ISO)
    return { from: monday.minus({ weeks: 1 }).toISODate()!, to: monday.minus({ days: 1 }).toISODate()! };
  }
  const first = today.startOf('month');
  return { from: first.minus({ months: 1 }).toISODate()!, to: first.minus({ days: 1 }).toISODate()! };
}

/**
 * The period due at this instant in the member's zone, or null: from 08:00 on the day after the period ends until
 * that day's midnight (so a run missed during an outage still sends later that day; the sent-marker keeps it once).
 */
export function dueReport(period: TReportPeriod, now: Date, timeZone: string): ReportDays | null {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  if (local.hour < REPORT_HOUR) return null;
  if (period === 'weekly' && local.weekday !== 1) return null;
  if (period === 'monthly' && local.day !== 1) return null;
  return lastPeriod(period, now, timeZone);
}
