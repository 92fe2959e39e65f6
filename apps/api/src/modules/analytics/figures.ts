// Reads the rollup rows a dashboard call needs (one indexed query) and sums them per store's own current/previous days.
import type { Types } from 'mongoose';
import { addDays, weekStart } from '../../lib/time';
import { isWeekKey, weekKey } from './rollup.contribution';
import { RollupModel, type RollupDoc, type RollupMetric } from './rollup.model';
import type { DayRange } from './period';
import type { Scope } from './scope';

export interface Agg {
  count: number;
  sum: number;
  /** 1…5-star counts. */
  d: [number, number, number, number, number];
}

export const emptyAgg = (): Agg => ({ count: 0, sum: 0, d: [0, 0, 0, 0, 0] });

export const average = (a: Agg): number | null => (a.count ? a.sum / a.count : null);
export const csat = (a: Agg): number | null => (a.count ? ((a.d[3] + a.d[4]) / a.count) * 100 : null);

export function addTo(a: Agg, b: Pick<Row, 'count' | 'scoreSum' | 'd1' | 'd2' | 'd3' | 'd4' | 'd5'>): void {
  a.count += b.count;
  a.sum += b.scoreSum;
  a.d[0] += b.d1;
  a.d[1] += b.d2;
  a.d[2] += b.d3;
  a.d[3] += b.d4;
  a.d[4] += b.d5;
}

export interface Row {
  /** The store's id; '' on a business row (the owner's stores together). */
  store: string;
  staff: string | null;
  metric: RollupMetric;
  day: string;
  count: number;
  scoreSum: number;
  d1: number;
  d2: number;
  d3: number;
  d4: number;
  d5: number;
  /** Hour cells: `<hour>` on day rows, `<weekday>-<hour>` on week rows. */
  h?: Record<string, { n?: number; s?: number }>;
  net?: Record<string, number>;
  /** Which of its store's periods the row's day (or whole week) falls in. */
  period: 'current' | 'previous';
  /** A week row: `day` is the week's Monday and the row holds all seven days. */
  week?: boolean;
}

export interface LoadOptions {
  /**
   * 'store': only store rows, plus the filtered person's rows (no other person's rows are read); 'persons': only
   * per-person rows (only the filtered person's, with a staff filter). Default: all.
   */
  people?: 'all' | 'store' | 'persons';
  /** Read the hour cells (only the heatmap needs them; they are most of a row's size). */
  hours?: boolean;
  /** Read whole weeks as week rows (default); false when every row must be one day (day or month buckets). */
  weeks?: boolean;
  /** Which periods to read (default both). */
  periods?: Array<Row['period']>;
}

/** The rows that hold a range: its whole ISO weeks as week keys (`W<Monday>`) and its other days as days. */
export function rangeParts(range: DayRange, weeks: boolean): string[] {
  const parts: string[] = [];
  for (let day = range.from; day <= range.to;) {
    if (weeks && weekStart(day) === day && addDays(day, 6) <= range.to) {
      parts.push(weekKey(day));
      day = addDays(day, 7);
    } else {
      parts.push(day);
      day = addDays(day, 1);
    }
  }
  return parts;
}

type FigureDoc = Pick<
  RollupDoc,
  'metric' | 'day' | 'count' | 'scoreSum' | 'd1' | 'd2' | 'd3' | 'd4' | 'd5' | 'h'
> & {
  staff?: unknown;
  net?: unknown;
};

/** A stored row (store or business) as a Row; sign -1 takes its figures out of a sum. */
export function rowOf(doc: FigureDoc, store: string, period: Row['period'], sign: 1 | -1 = 1): Row {
  const week = isWeekKey(doc.day);
  const n = (v: number | null | undefined) => (v ?? 0) * sign;
  let h = doc.h as Row['h'];
  if (sign === -1 && h) {
    h = Object.fromEntries(Object.entries(h).map(([at, c]) => [at, { n: n(c?.n), s: n(c?.s) }]));
  }
  return {
    store,
    staff: doc.staff ? String(doc.staff as Types.ObjectId) : null,
    metric: doc.metric as RollupMetric,
    day: week ? doc.day.slice(1) : doc.day,
    count: n(doc.count),
    scoreSum: n(doc.scoreSum),
    d1: n(doc.d1),
    d2: n(doc.d2),
    d3: n(doc.d3),
    d4: n(doc.d4),
    d5: n(doc.d5),
    h,
    net: doc.net as Row['net'],
    period,
    ...(week ? { week } : {}),
  };
}

/** The stored fields a Row is made of (besides the hour cells). */
const ROW_FIELDS = {
  _id: 0,
  store: 1,
  staff: 1,
  metric: 1,
  day: 1,
  count: 1,
  scoreSum: 1,
  d1: 1,
  d2: 1,
  d3: 1,
  d4: 1,
  d5: 1,
  net: 1,
} as const;

/** Every rollup row of the scope's stores in either period (metrics as asked), tagged current or previous. */
export async function loadRows(
  scope: Scope,
  metrics: RollupMetric[],
  opts: LoadOptions = {},
): Promise<Row[]> {
  if (scope.stores.length === 0) return [];
  // Per store (each has its own days): which row keys make up its current and its previous period.
  // stores in one zone share their days: each distinct pair of periods is split into row keys once, not per store
  const partsOf = new Map<string, Map<string, Row['period']>>();
  const byDays = new Map<string, Map<string, Row['period']>>();
  const keys = new Set<string>();
  const periods = opts.periods ?? (['previous', 'current'] as const);
  for (const store of scope.stores) {
    const days = periods.map((p) => `${store.period[p].from}/${store.period[p].to}`).join('|');
    let parts = byDays.get(days);
    if (!parts) {
      parts = new Map<string, Row['period']>();
      for (const period of periods) {
        for (const key of rangeParts(store.period[period], opts.weeks ?? true)) {
          parts.set(key, period);
          keys.add(key);
        }
      }
      byDays.set(days, parts);
    }
    partsOf.set(store.id, parts);
  }
  // only what a Row carries (not the write counter or the applied-event markers); hour cells only when asked
  const projection = { ...ROW_FIELDS, ...(opts.hours ? { h: 1 } : {}) };
  const span = opts.periods?.includes('previous') === false ? scope.current : scope.span;
  const docs = await RollupModel.find(
    {
      business: scope.business,
      metric: { $in: metrics },
      // with week rows the exact keys; day rows only: the span as one range (a year would be 730 keys)
      day: (opts.weeks ?? true) ? { $in: [...keys] } : { $gte: span.from, $lte: span.to },
      store: { $in: scope.stores.map((s) => s._id) },
      ...(opts.people === 'store' ? { staff: scope.staff ? { $in: [null, scope.staff] } : null } : {}),
      ...(opts.people === 'persons' ? { staff: scope.staff ?? { $ne: null } } : {}),
    },
    projection,
  ).lean<Array<RollupDoc>>();
  const rows: Row[] = [];
  for (const doc of docs) {
    const store = scope.byId.get(String(doc.store));
    // a day another store reads inside one of its weeks is not part of this store's periods, and the other way round
    const period = store && partsOf.get(store.id)!.get(doc.day);
    if (!store || !period) continue;
    rows.push(rowOf(doc, store.id, period));
  }
  return rows;
}

/**
 * The rows that hold the filtered ratings: the store rows of the kind(s), or — with a staff filter — that person's own
 * rows (a person has no experience ratings, so kind=experience with a staff filter holds nothing).
 */
export function isRatingRow(scope: Scope, row: Row): boolean {
  const kind = scope.filter.kind;
  if (scope.staff) {
    return row.metric === 'staff' && row.staff === String(scope.staff) && kind !== 'experience';
  }
  return (
    row.staff === null &&
    (row.metric === 'staff' || row.metric === 'experience') &&
    (!kind || row.metric === kind)
  );
}

/** Sums the rows into current and previous aggregates. */
export function sumRows(rows: Row[]): { current: Agg; previous: Agg } {
  const out = { current: emptyAgg(), previous: emptyAgg() };
  for (const r of rows) addTo(out[r.period], r);
  return out;
}

export const compared = (value: number | null, previous: number | null) => ({
  value,
  previous,
  change: value === null || previous === null ? null : value - previous,
});
