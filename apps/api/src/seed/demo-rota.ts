// The demo rota for every store (by default last, this and next week) in store-local time, covering opening hours.
import { DateTime } from 'luxon';
import type { Types } from 'mongoose';

interface RotaStore {
  _id: Types.ObjectId;
  timeZone: string;
}
interface RotaStaff {
  _id: Types.ObjectId;
  role: string;
}
export interface DemoShift {
  business: Types.ObjectId;
  store: Types.ObjectId;
  staff: Types.ObjectId;
  start: Date;
  end: Date;
  day: string;
}

/** Store-local [start, end) in hours; stores open 08:00–20:00 and the early/late crews overlap for the hand-over. */
const EARLY = [7.75, 14.25] as const;
const LATE = [13.75, 20.25] as const;
const MID = [10, 18] as const;
const MANAGER = [9, 17.5] as const;

/**
 * Managers work Monday to Friday; the others rotate so each day has one early and one late person, plus a mid
 * shift on the busy Friday-to-Sunday. Rotating by day index gives each person a mix of shifts and two or three days off.
 */
export function demoRota(
  business: Types.ObjectId,
  store: RotaStore,
  staff: RotaStaff[],
  now: Date,
  weeks = [-1, 0, 1],
  /** From this instant the store puts a third person on a mid shift every day, not only Friday to Sunday. */
  lunchCoverFrom: Date | null = null,
): DemoShift[] {
  const manager = staff.find((s) => /manager/i.test(s.role));
  const crew = staff.filter((s) => s !== manager);
  const shifts: DemoShift[] = [];
  const thisMonday = DateTime.fromJSDate(now, { zone: store.timeZone }).startOf('week');
  const add = (member: RotaStaff, date: DateTime, [from, to]: readonly [number, number]) => {
    // Wall-clock set (not "plus N minutes") so a clock-change morning still starts at 07:45 local.
    const at = (h: number) => date.set({ hour: Math.floor(h), minute: Math.round((h % 1) * 60) });
    const start = at(from);
    const end = at(to);
    shifts.push({
      business,
      store: store._id,
      staff: member._id,
      start: start.toJSDate(),
      end: end.toJSDate(),
      day: date.toISODate()!,
    });
  };
  for (const week of weeks) {
    for (let d = 0; d < 7; d++) {
      // startOf('day') after plus({days}) keeps midnight local even on a clock-change day.
      const date = thisMonday.plus({ weeks: week, days: d }).startOf('day');
      if (manager && d < 5) add(manager, date, MANAGER);
      if (crew.length === 0) continue;
      const k = d + week * 7 + 70;
      // Positive remainder: the rota reaches back many weeks, where k is negative.
      const nth = (i: number) => crew[(((k + i) % crew.length) + crew.length) % crew.length]!;
      add(nth(0), date, EARLY);
      if (crew.length > 1) add(nth(1), date, LATE);
      const covered = lunchCoverFrom !== null && date.toJSDate() >= lunchCoverFrom;
      if (crew.length > 2 && (d >= 4 || covered)) add(nth(2), date, MID);
    }
  }
  return shifts;
}
