// Time-zone helpers: a store's local day for an instant, and local wall-clock times to UTC instants (DST-correct).
import { DateTime, IANAZone } from 'luxon';

export function isValidTimeZone(tz: string): boolean {
  return IANAZone.isValidZone(tz);
}

/** YYYY-MM-DD of the instant in the given IANA zone. */
export function localDay(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toISODate() ?? at.toISOString().slice(0, 10);
}

/** The hour (0–23) of the instant on the wall clock of the zone. */
export function localHour(at: Date, timeZone: string): number {
  return DateTime.fromJSDate(at, { zone: timeZone }).hour;
}

/** The UTC instant of a wall-clock date and time ('YYYY-MM-DD', 'HH:mm') in the zone. */
export function zonedToUtc(day: string, time: string, timeZone: string): Date {
  const dt = DateTime.fromISO(`${day}T${time}`, { zone: timeZone });
  if (!dt.isValid) throw new Error(`Invalid local time ${day} ${time} in ${timeZone}`);
  return dt.toUTC().toJSDate();
}

// Calendar arithmetic on YYYY-MM-DD days needs no zone: done on UTC midnights (dashboards do it thousands of times
// a request, where a zoned date library costs microseconds each).
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Monday (ISO week start) of the week containing the day, as YYYY-MM-DD (the day itself if it is not a date). */
export function weekStart(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) return day;
  return isoDay(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
}

/** The day n days later (or earlier, for negative n), as YYYY-MM-DD (the day itself if it is not a date). */
export function addDays(day: string, n: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : isoDay(ms + n * DAY_MS);
}
