// Store-local wall clock ⇄ UTC for shifts: strict about the DST gap, explicit about overnight shifts.
import { DateTime } from 'luxon';
import { AppError } from '../../lib/errors';

/**
 * The UTC instant of a local date and time in the zone. A time that the clocks skip (the spring-forward gap) is
 * refused rather than silently moved, because a shift saved at a different time than typed is worse than an error.
 * An ambiguous autumn time (01:30 happens twice in London) resolves to its first occurrence.
 */
export function localToUtc(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const dt = DateTime.fromObject({ year: y, month: m, day: d, hour: hh, minute: mm }, { zone: timeZone });
  if (!dt.isValid) throw new AppError('INVALID_TIME', `${day} ${time} is not a valid time`, 400);
  if (dt.hour !== hh || dt.minute !== mm || dt.toISODate() !== day) {
    const message = `${time} does not exist on ${day} in ${timeZone} because the clocks go forward. Choose another time.`;
    throw new AppError('TIME_IN_DST_GAP', message, 400, { start: [message] });
  }
  return firstOccurrence(dt).toUTC().toJSDate();
}

/**
 * Luxon resolves a repeated autumn wall-clock time to its later instant; shifts use the earlier one (as Temporal's
 * "compatible" disambiguation does), so a 01:30 start on the change night means the first 01:30.
 */
function firstOccurrence(dt: DateTime): DateTime {
  const before = dt.minus({ hours: 3 });
  const shift = before.offset - dt.offset;
  if (shift <= 0) return dt;
  const earlier = DateTime.fromMillis(dt.toMillis() - shift * 60_000, { zone: dt.zone });
  return earlier.hour === dt.hour && earlier.minute === dt.minute && earlier.toISODate() === dt.toISODate()
    ? earlier
    : dt;
}

export interface ShiftInterval {
  start: Date;
  end: Date;
  /** Store-local start date (YYYY-MM-DD). */
  day: string;
}

/** A shift from its local date and times; an end before the start means it finishes the next day. */
export function shiftInterval(day: string, start: string, end: string, timeZone: string): ShiftInterval {
  const startAt = localToUtc(day, start, timeZone);
  const endDay = end <= start ? addDays(day, 1) : day;
  let endAt: Date;
  try {
    endAt = localToUtc(endDay, end, timeZone);
  } catch (err) {
    if (err instanceof AppError && err.code === 'TIME_IN_DST_GAP') {
      throw new AppError('TIME_IN_DST_GAP', err.message, 400, { end: [err.message] });
    }
    throw err;
  }
  return { start: startAt, end: endAt, day };
}

export interface LocalView {
  day: string;
  startTime: string;
  endTime: string;
  endDay: string;
  durationMinutes: number;
}

/** How a stored shift reads on the store's wall clock. */
export function localView(start: Date, end: Date, timeZone: string): LocalView {
  const s = DateTime.fromJSDate(start, { zone: timeZone });
  const e = DateTime.fromJSDate(end, { zone: timeZone });
  return {
    day: s.toISODate() ?? '',
    startTime: s.toFormat('HH:mm'),
    endTime: e.toFormat('HH:mm'),
    endDay: e.toISODate() ?? '',
    durationMinutes: Math.round((end.getTime() - start.getTime()) / 60000),
  };
}

export function addDays(day: string, n: number): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days: n }).toISODate() ?? day;
}

/** Monday of the ISO week containing the day. */
export function mondayOf(day: string): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).startOf('week').toISODate() ?? day;
}

/** Today's date in the zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? now.toISOString().slice(0, 10);
}

/** "Mon 30 Mar" for messages. */
export function shortDay(day: string): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).toFormat('ccc d LLL');
}
