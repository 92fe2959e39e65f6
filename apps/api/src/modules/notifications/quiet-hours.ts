// A member's quiet hours in their own time zone: whether an instant falls inside them, and when they end.
import { DateTime } from 'luxon';

export interface QuietHours {
  enabled: boolean;
  start: string;
  end: string;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the local time falls inside [start, end); a window past midnight (22:00–07:00) wraps. */
export function inQuietHours(q: QuietHours, at: Date, timeZone: string): boolean {
  if (!q.enabled) return false;
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  const now = local.hour * 60 + local.minute;
  const [start, end] = [minutesOf(q.start), minutesOf(q.end)];
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The next local `end` after `at` (what a held alert waits for). */
export function quietHoursEnd(q: QuietHours, at: Date, timeZone: string): Date {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  const m = minutesOf(q.end);
  let end = local.set({ hour: Math.floor(m / 60), minute: m % 60, second: 0, millisecond: 0 });
  if (end <= local) end = end.plus({ days: 1 });
  return end.toJSDate();
}
