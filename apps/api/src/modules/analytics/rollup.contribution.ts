// What one stored rating or event adds to the rollups: the single definition used by submits, reviews, rebuild and seed.
import type { Types } from 'mongoose';
import { weekStart } from '../../lib/time';
import type { RollupMetric } from './rollup.model';

type Id = Types.ObjectId | string;

/** The unique key of a rollup row; a business row (store null, staff null) is keyed by its owner too. */
export interface RollupKey {
  store: Id | null;
  staff: Id | null;
  metric: RollupMetric;
  day: string;
}

export interface RollupRowChange {
  key: RollupKey;
  business: Id;
  /** Field → amount for $inc (dotted paths for hour cells and networks). */
  inc: Record<string, number>;
}

/** A stored rating as far as the rollups go. */
export interface RatingFacts {
  business: Id;
  store: Id;
  staff?: Id | null;
  kind: 'staff' | 'experience';
  score: number;
  day: string;
  /** Local hour 0–23 in the store's zone; undefined for ratings stored before hours were kept (rebuild fills them). */
  hour?: number | null;
  /** People on shift at the store when an experience rating was given. */
  onShift?: Id[] | null;
  /** Ruled unfair to the person it names: out of their rows, still in the store's. */
  staffExcluded?: boolean | null;
}

/** Does a rating count in the figures? Flagged ratings do not, until a reviewer restores them. */
export function countsInFigures(rating: {
  flag?: { suspicious?: boolean | null; restored?: boolean | null } | null;
}) {
  return !rating.flag?.suspicious || Boolean(rating.flag.restored);
}

function scored(score: number, hour: number | null | undefined, sign: number): Record<string, number> {
  const inc: Record<string, number> = { count: sign, scoreSum: score * sign, [`d${score}`]: sign };
  if (hour !== undefined && hour !== null) {
    inc[`h.${hour}.n`] = sign;
    inc[`h.${hour}.s`] = score * sign;
  }
  return inc;
}

/**
 * Week rows: the same figures per local ISO week, in the same collection under `day: 'W<Monday>'` (never inside a
 * range of dates, so day-range readers do not see them). A period's whole weeks are read as one row instead of seven.
 * Their hour cells are per weekday and hour (`h.<1–7>-<0–23>`), for the heatmap.
 */
export const weekKey = (day: string) => `W${weekStart(day)}`;
export const isWeekKey = (day: string) => day.startsWith('W');
/** ISO weekday 1 (Monday) … 7 (Sunday) of a YYYY-MM-DD day. */
export const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A day row's change as the change to its week row. */
export function weekChange(change: RollupRowChange): RollupRowChange {
  const weekday = isoWeekday(change.key.day);
  const inc: Record<string, number> = {};
  for (const [field, n] of Object.entries(change.inc)) {
    const cell = /^h\.(\d+)\.([ns])$/.exec(field);
    inc[cell ? `h.${weekday}-${cell[1]}.${cell[2]}` : field] = n;
  }
  return { ...change, key: { ...change.key, day: weekKey(change.key.day) }, inc };
}

/** Each day row's change and the same change to its week row. */
const withWeeks = (changes: RollupRowChange[]) => changes.flatMap((c) => [c, weekChange(c)]);

/** A business row: the owner's store rows of one rating kind summed over its stores. */
export const isBusinessKey = (k: RollupKey) => k.store === null;

/** The business row a store-level rating row adds to (same kind, same day or week key), if any. */
export function businessChange(change: RollupRowChange): RollupRowChange | null {
  const { store, staff, metric, day } = change.key;
  if (store === null || staff !== null || (metric !== 'staff' && metric !== 'experience')) return null;
  return { ...change, key: { store: null, staff: null, metric, day } };
}

function personRow(rating: RatingFacts, sign: 1 | -1): RollupRowChange[] {
  const { business, store, day, score, hour } = rating;
  return [
    { key: { store, staff: rating.staff!, metric: 'staff', day }, business, inc: scored(score, hour, sign) },
  ];
}

/**
 * The person's own rows of a staff rating (day and week), whether or not it has been ruled unfair since: what a
 * `staff-out` entry takes out, and what the rows held before it was applied.
 */
export function staffRowChanges(rating: RatingFacts, sign: 1 | -1): RollupRowChange[] {
  return rating.kind === 'staff' && rating.staff ? withWeeks(personRow(rating, sign)) : [];
}

/**
 * Rows a rating touches: its store row, the business row of its kind, the person's row (staff ratings) and a
 * shift-credit row per person on shift; each as a day row and a week row. A rating ruled unfair to its person
 * (staffExcluded) leaves out the person's row.
 */
export function ratingRollupChanges(rating: RatingFacts, sign: 1 | -1 = 1): RollupRowChange[] {
  const { business, store, day, score, hour, kind } = rating;
  const changes: RollupRowChange[] = [
    { key: { store, staff: null, metric: kind, day }, business, inc: scored(score, hour, sign) },
    { key: { store: null, staff: null, metric: kind, day }, business, inc: scored(score, hour, sign) },
  ];
  if (kind === 'staff' && rating.staff && !rating.staffExcluded) changes.push(...personRow(rating, sign));
  if (kind === 'experience') {
    for (const person of rating.onShift ?? []) {
      changes.push({
        key: { store, staff: person, metric: 'shift', day },
        business,
        inc: scored(score, null, sign),
      });
    }
  }
  return withWeeks(changes);
}

/** A tracked visit or a social click (per network): its day row and its week row. */
export function eventRollupChanges(event: {
  business: Id;
  store: Id;
  metric: 'visit' | 'social';
  day: string;
  network?: string | null;
}): RollupRowChange[] {
  const inc: Record<string, number> = { count: 1 };
  if (event.metric === 'social' && event.network) inc[`net.${event.network}`] = 1;
  return withWeeks([
    {
      key: { store: event.store, staff: null, metric: event.metric, day: event.day },
      business: event.business,
      inc,
    },
  ]);
}

/** The string form of a row's key, for maps (rebuild): a business row's carries its owner. */
export const keyString = (k: RollupKey, business: unknown) =>
  `${k.store === null ? `business:${String(business)}` : String(k.store)}|${k.staff ? String(k.staff) : ''}|${k.metric}|${k.day}`;
