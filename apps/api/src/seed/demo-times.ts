// When the demo's customers rate: inside each store's opening hours (store-local), busiest at lunch and early evening.
import { DateTime } from 'luxon';

export interface DemoOpeningHours {
  /** 0 = Sunday … 6 = Saturday. */
  day: number;
  open: string;
  close: string;
  closed: boolean;
}

export interface DemoTimedStore {
  timeZone: string;
  openingHours: readonly DemoOpeningHours[];
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Lunchtime and evening rushes as bell curves over a steady base (minutes of the local day). */
export const LUNCH_PEAK = { centre: 12.5 * 60, width: 50, height: 3 } as const;
export const EVENING_PEAK = { centre: 18 * 60, width: 50, height: 2.5 } as const;
const MAX_FOOTFALL = 1 + LUNCH_PEAK.height + EVENING_PEAK.height;

/** Relative number of customers rating at a local minute of the day. */
export function footfall(minute: number): number {
  const bump = (p: { centre: number; width: number; height: number }) =>
    p.height * Math.exp(-(((minute - p.centre) / p.width) ** 2) / 2);
  return 1 + bump(LUNCH_PEAK) + bump(EVENING_PEAK);
}

/**
 * Draws rating instants in [from, now]: a day drawn evenly, then a minute inside that day's opening hours drawn by
 * footfall (rejection sampling, so the same `rand` sequence always gives the same instants). Closed days are never
 * drawn. The store's open days are worked out once, so a draw costs one date-library call.
 */
export function demoRatingTimes(store: DemoTimedStore, from: Date, now: Date): (rand: () => number) => Date {
  const firstDay = DateTime.fromJSDate(from, { zone: store.timeZone }).startOf('day');
  const lastDay = DateTime.fromJSDate(now, { zone: store.timeZone }).startOf('day');
  const days: Array<{ date: DateTime; open: number; close: number }> = [];
  for (let date = firstDay; date <= lastDay; date = date.plus({ days: 1 }).startOf('day')) {
    const hours = store.openingHours.find((h) => h.day === date.weekday % 7);
    if (!hours || hours.closed) continue;
    const [open, close] = [toMinutes(hours.open), toMinutes(hours.close)];
    if (close > open) days.push({ date, open, close });
  }
  if (days.length === 0)
    throw new Error(`store in ${store.timeZone} is never open: no time to seed a rating at`);
  return (rand) => {
    for (;;) {
      const day = days[Math.floor(rand() * days.length)]!;
      const minute = day.open + Math.floor(rand() * (day.close - day.open));
      if (rand() * MAX_FOOTFALL >= footfall(minute)) continue;
      const second = Math.floor(rand() * 60);
      const at = day.date.set({ hour: Math.floor(minute / 60), minute: minute % 60, second }).toMillis();
      // Only the first and last day can fall partly outside [from, now]; those draws are simply drawn again.
      if (at >= from.getTime() && at <= now.getTime()) return new Date(at);
    }
  };
}
