// The recount behind rebuild and settle: what each rollup row should hold, given the raw documents and the row's markers.
import { localDay, localHour, weekStart } from '../../lib/time';
import { FeedbackEventModel } from '../feedback/feedback-event.model';
import { isStaffOutWork, type PendingWork } from '../ratings/pending-work';
import { RatingModel } from '../ratings/rating.model';
import { StoreModel } from '../stores/store.model';
import {
  countsInFigures,
  eventRollupChanges,
  isBusinessKey,
  isoWeekday,
  keyString,
  ratingRollupChanges,
  staffRowChanges,
  weekKey,
  type RollupKey,
  type RollupRowChange,
} from './rollup.contribution';
import type { RollupDoc } from './rollup.model';

export interface ExpectedRow {
  key: RollupKey;
  business: unknown;
  fields: Record<string, number>;
}

/**
 * Which raw documents and rollup rows a rebuild covers: everything, one owner's, some stores', and any of those for
 * one local day. Business rows are recounted only when every store is (no `stores`), or for `only.owners`.
 */
export interface RebuildScope {
  business?: string;
  stores?: unknown[];
  day?: string;
  /** Recount the business rows only (the settle job, once the owner's last store has closed the day). */
  businessOnly?: boolean;
  /**
   * The settle job's scope for one day: every store's documents of the day are read at once (by day, not by a list
   * of ids), and only these stores' rows and these owners' business rows are recounted.
   */
  only?: { stores: Set<string>; businesses: Set<string> };
  /** Store zones already loaded (the settle job has every store's). */
  zones?: Map<string, string>;
}

/** The recount's result: rows as the raw documents say, plus changes that count only where a row carries their marker. */
export interface Recount {
  expected: Map<string, ExpectedRow>;
  /** Row id → changes of events still owed: in the row only if the row's `applied` holds the marker. */
  owed: Map<string, Array<{ marker: string; fields: Record<string, number> }>>;
}

/**
 * With a day: a Sunday closes its week, so that week's rows are recounted whole (all seven days) and replaced; any
 * other day's fix is carried into its still-open week row as the same $inc, never by replacing a row that live
 * ratings are adding to.
 */
export const wholeWeek = (scope: RebuildScope) => Boolean(scope.day) && isoWeekday(scope.day!) === 7;

export function rawFilterOf(scope: RebuildScope): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (scope.business) filter.business = scope.business;
  if (scope.stores) filter.store = { $in: scope.stores };
  if (scope.day) filter.day = wholeWeek(scope) ? { $gte: weekStart(scope.day), $lte: scope.day } : scope.day;
  return filter;
}

export function rowFilterOf(scope: RebuildScope): Record<string, unknown> {
  const filter = rawFilterOf(scope);
  if (scope.day) filter.day = wholeWeek(scope) ? { $in: [scope.day, weekKey(scope.day)] } : scope.day;
  return filter;
}

export const inScope = (scope: RebuildScope, k: RollupKey) =>
  !scope.day || k.day === scope.day || (wholeWeek(scope) && k.day === weekKey(scope.day));

/** Whether this scope recounts the business row of an owner (a partial store list cannot: they sum every store). */
export const recountsBusiness = (scope: RebuildScope, business: unknown) =>
  scope.only ? scope.only.businesses.has(String(business)) : !scope.stores;

/** Whether this scope recounts a store row. */
export const recountsStore = (scope: RebuildScope, store: unknown) =>
  !scope.businessOnly && (!scope.only || scope.only.stores.has(String(store)));

function add(into: Map<string, ExpectedRow>, change: RollupRowChange) {
  const id = keyString(change.key, change.business);
  const row = into.get(id) ?? { key: change.key, business: change.business, fields: {} };
  for (const [f, v] of Object.entries(change.inc)) row.fields[f] = (row.fields[f] ?? 0) + v;
  into.set(id, row);
}

/**
 * A document's contribution as far as applied work goes: its current state minus the rollup entries it still owes
 * (those were written with the state change but may not have reached the rows), each owed entry kept per row.
 */
function contribute(
  r: Recount,
  counts: boolean,
  pending: PendingWork[] | null | undefined,
  changesOf: (sign: 1 | -1) => RollupRowChange[],
) {
  const owed = (pending ?? []).filter((w) => w.kind === 'rollup');
  const base = (counts ? 1 : 0) - owed.reduce((n, w) => n + (w.sign === -1 ? -1 : 1), 0);
  if (base === 1 || base === -1) for (const change of changesOf(base)) add(r.expected, change);
  for (const w of owed) owe(r, String(w.id), changesOf(w.sign === -1 ? -1 : 1));
}

/** Changes that count in a row only if the row carries the entry's marker. */
function owe(r: Recount, marker: string, changes: RollupRowChange[]) {
  for (const change of changes) {
    const id = keyString(change.key, change.business);
    const list = r.owed.get(id) ?? [];
    list.push({ marker, fields: change.inc });
    r.owed.set(id, list);
  }
}

/** Counted ratings (hour from createdAt in the store's zone), tracked visits and social clicks. */
export async function recount(scope: RebuildScope, eventsFrom: Date): Promise<Recount> {
  const filter = rawFilterOf(scope);
  const storeFilter = {
    ...(scope.business ? { business: scope.business } : {}),
    ...(scope.stores ? { _id: { $in: scope.stores } } : {}),
  };
  const zones =
    scope.zones ??
    new Map(
      (await StoreModel.find(storeFilter, { timeZone: 1 }).lean()).map((s) => [String(s._id), s.timeZone]),
    );
  const r: Recount = { expected: new Map(), owed: new Map() };
  for await (const rating of RatingModel.find(filter).lean().cursor()) {
    const zone = zones.get(String(rating.store)) ?? 'UTC';
    const facts = {
      ...rating,
      hour: localHour(rating.createdAt, zone),
      day: rating.day ?? localDay(rating.createdAt, zone),
    };
    const pending = (rating.pending ?? []) as PendingWork[];
    contribute(
      r,
      countsInFigures(rating),
      pending.filter((w) => !isStaffOutWork(w)),
      (sign) => ratingRollupChanges(facts, sign),
    );
    // An owed `staff-out` entry: the person's rows held the rating until it is applied (written while it counted).
    for (const w of pending.filter(isStaffOutWork)) {
      for (const change of staffRowChanges(facts, 1)) add(r.expected, change);
      owe(r, String(w.id), staffRowChanges(facts, -1));
    }
  }
  const events = FeedbackEventModel.find({ ...filter, tracked: true, createdAt: { $gte: eventsFrom } });
  for await (const e of events.lean().cursor()) {
    contribute(r, true, e.pending as PendingWork[] | undefined, (sign) =>
      eventRollupChanges({ ...e, metric: e.type }).map((c) => ({
        ...c,
        inc: Object.fromEntries(Object.entries(c.inc).map(([k, v]) => [k, v * sign])),
      })),
    );
  }
  for (const [id, row] of r.expected) {
    const wanted = isBusinessKey(row.key)
      ? recountsBusiness(scope, row.business)
      : recountsStore(scope, row.key.store);
    if (!wanted || !inScope(scope, row.key)) r.expected.delete(id);
  }
  return r;
}

/** What a stored row should hold: the recount plus the owed changes the row already carries (by marker). */
export function wantFor(
  r: Recount,
  id: string,
  doc: Partial<RollupDoc> | null,
): Record<string, number> | undefined {
  const want = r.expected.get(id);
  const carried = new Set((doc?.applied ?? []).map(String));
  const owed = (r.owed.get(id) ?? []).filter((o) => carried.has(o.marker));
  if (owed.length === 0) return want?.fields;
  const fields = { ...(want?.fields ?? {}) };
  for (const o of owed) for (const [f, v] of Object.entries(o.fields)) fields[f] = (fields[f] ?? 0) + v;
  return fields;
}
