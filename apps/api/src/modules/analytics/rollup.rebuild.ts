// Recomputes every rollup from the raw ratings and events, reports the rows that differ and (unless checking) fixes them.
import type { AnyBulkWriteOperation } from 'mongoose';
import { localDay, localHour, weekStart } from '../../lib/time';
import { FeedbackEventModel, FEEDBACK_EVENT_RETENTION_SECONDS } from '../feedback/feedback-event.model';
import { RatingModel } from '../ratings/rating.model';
import { StoreModel } from '../stores/store.model';
import {
  businessChange,
  countsInFigures,
  eventRollupChanges,
  isBusinessKey,
  isoWeekday,
  isWeekKey,
  keyString,
  ratingRollupChanges,
  weekChange,
  weekKey,
  type RollupKey,
  type RollupRowChange,
} from './rollup.contribution';
import { BusinessRollupModel, RollupModel, type RollupDoc } from './rollup.model';
import { rowFilter, rowUpsert } from './rollup.service';

interface ExpectedRow {
  key: RollupKey;
  owner: unknown;
  fields: Record<string, number>;
}

export interface RebuildReport {
  /** Rows compared (expected ∪ stored). */
  rows: number;
  /** Rows whose stored figures differed from the recount (missing, extra or wrong). */
  differences: number;
  /** Rows written or removed (0 with check). */
  fixed: number;
  /** A few differing keys, for the command's output. */
  examples: string[];
}

const VALUE_FIELDS = ['count', 'scoreSum', 'd1', 'd2', 'd3', 'd4', 'd5'] as const;

/** A stored row's figures as flat dotted fields without zeros, comparable with a recount. */
function flatten(doc: Partial<RollupDoc>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of VALUE_FIELDS) if (doc[f]) out[f] = doc[f] as number;
  for (const [hour, cell] of Object.entries((doc.h ?? {}) as Record<string, { n?: number; s?: number }>)) {
    if (cell?.n) out[`h.${hour}.n`] = cell.n;
    if (cell?.s) out[`h.${hour}.s`] = cell.s;
  }
  for (const [net, n] of Object.entries((doc.net ?? {}) as Record<string, number>))
    if (n) out[`net.${net}`] = n;
  return out;
}

function unflatten(fields: Record<string, number>): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(fields)) {
    const parts = path.split('.');
    let at = doc;
    for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
    at[parts.at(-1)!] = value;
  }
  return doc;
}

const same = (a: Record<string, number>, b: Record<string, number>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? 0) !== (b[k] ?? 0)) return false;
  return true;
};

function add(expected: Map<string, ExpectedRow>, change: RollupRowChange) {
  const id = keyString(change.key, change.owner);
  const row = expected.get(id) ?? { key: change.key, owner: change.owner, fields: {} };
  for (const [f, v] of Object.entries(change.inc)) row.fields[f] = (row.fields[f] ?? 0) + v;
  expected.set(id, row);
}

/**
 * Which raw documents and rollup rows a rebuild covers: everything, one owner's, some stores', and any of those for
 * one local day. Business rows are recounted only when every store is (no `stores`).
 */
export interface RebuildScope {
  owner?: string;
  stores?: unknown[];
  day?: string;
  /** Recount the business rows only (the settle job, once the owner's last store has closed the day). */
  businessOnly?: boolean;
}

/**
 * With a day: a Sunday closes its week, so that week's rows are recounted whole (all seven days) and replaced; any
 * other day's fix is carried into its still-open week row as the same $inc, never by replacing a row that live
 * ratings are adding to.
 */
const wholeWeek = (scope: RebuildScope) => Boolean(scope.day) && isoWeekday(scope.day!) === 7;

function rawFilterOf(scope: RebuildScope): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (scope.owner) filter.owner = scope.owner;
  if (scope.stores) filter.store = { $in: scope.stores };
  if (scope.day) filter.day = wholeWeek(scope) ? { $gte: weekStart(scope.day), $lte: scope.day } : scope.day;
  return filter;
}

function rowFilterOf(scope: RebuildScope): Record<string, unknown> {
  const filter = rawFilterOf(scope);
  if (scope.day) filter.day = wholeWeek(scope) ? { $in: [scope.day, weekKey(scope.day)] } : scope.day;
  return filter;
}

/** A rebuild limited to some stores cannot recount the business rows (they sum every store); it carries its fixes into them. */
const recountsBusiness = (scope: RebuildScope) => !scope.stores;

function businessFilterOf(scope: RebuildScope): Record<string, unknown> {
  const filter = rowFilterOf(scope);
  delete filter.store;
  return filter;
}

const inScope = (scope: RebuildScope, k: RollupKey) =>
  !scope.day || k.day === scope.day || (wholeWeek(scope) && k.day === weekKey(scope.day));

/** want − stored, field by field (what an $inc must add to make stored equal want). */
function difference(want: Record<string, number>, stored: Record<string, number>): Record<string, number> {
  const inc: Record<string, number> = {};
  for (const k of new Set([...Object.keys(want), ...Object.keys(stored)])) {
    const d = (want[k] ?? 0) - (stored[k] ?? 0);
    if (d) inc[k] = d;
  }
  return inc;
}

/** The recount: counted ratings (hour from createdAt in the store's zone), tracked visits and social clicks. */
async function recount(scope: RebuildScope, eventsFrom: Date): Promise<Map<string, ExpectedRow>> {
  const filter = rawFilterOf(scope);
  const storeFilter = {
    ...(scope.owner ? { owner: scope.owner } : {}),
    ...(scope.stores ? { _id: { $in: scope.stores } } : {}),
  };
  const zones = new Map(
    (await StoreModel.find(storeFilter, { timeZone: 1 }).lean()).map((s) => [String(s._id), s.timeZone]),
  );
  const expected = new Map<string, ExpectedRow>();
  for await (const r of RatingModel.find(filter).lean().cursor()) {
    if (!countsInFigures(r)) continue;
    const zone = zones.get(String(r.store)) ?? 'UTC';
    const hour = localHour(r.createdAt, zone);
    for (const change of ratingRollupChanges({ ...r, hour, day: r.day ?? localDay(r.createdAt, zone) }))
      add(expected, change);
  }
  const events = FeedbackEventModel.find({ ...filter, tracked: true, createdAt: { $gte: eventsFrom } });
  for await (const e of events.lean().cursor()) {
    for (const change of eventRollupChanges({ ...e, metric: e.type })) add(expected, change);
  }
  for (const [id, row] of expected) {
    const wanted = isBusinessKey(row.key) ? recountsBusiness(scope) : !scope.businessOnly;
    if (!wanted || !inScope(scope, row.key)) expected.delete(id);
  }
  return expected;
}

/**
 * Raw visits and clicks expire (FEEDBACK_EVENT_RETENTION_SECONDS), so their rows are recounted only for days whose
 * events are all still kept; older visit/social rows are the only record left and are left alone.
 */
export async function rebuildRollups(
  opts: RebuildScope & { check: boolean; now?: Date },
): Promise<RebuildReport> {
  const now = opts.now ?? new Date();
  // One day of margin either side of the cut-off covers every store's zone.
  const eventsFrom = new Date(now.getTime() - FEEDBACK_EVENT_RETENTION_SECONDS * 1000 + 2 * 86400000);
  const eventsFromDay = localDay(eventsFrom, 'UTC');
  // a week row is recountable when its Monday is: then all seven days' events are still kept
  const recountable = (k: RollupKey) =>
    !(k.metric === 'visit' || k.metric === 'social') ||
    (isWeekKey(k.day) ? k.day.slice(1) : k.day) >= eventsFromDay;

  const expected = await recount(opts, eventsFrom);
  const ops: { stores: AnyBulkWriteOperation[]; business: AnyBulkWriteOperation[] } = {
    stores: [],
    business: [],
  };
  const listOf = (key: RollupKey) => (isBusinessKey(key) ? ops.business : ops.stores);
  const examples: string[] = [];
  let rows = 0;
  let differences = 0;
  const differ = (id: string) => {
    differences += 1;
    if (examples.length < 10) examples.push(id);
  };

  /**
   * A fixed day row's correction, carried as an $inc into rows this rebuild does not recount: its week row while that
   * week is still open, and (when only some stores are recounted) the business day and week rows of its kind.
   */
  const carry = (key: RollupKey, owner: unknown, inc: Record<string, number>) => {
    if (isWeekKey(key.day)) return;
    const change: RollupRowChange = { key, owner: owner as RollupRowChange['owner'], inc };
    const carried = opts.day && !wholeWeek(opts) ? [weekChange(change)] : [];
    const business = recountsBusiness(opts) ? null : businessChange(change);
    if (business) carried.push(business, weekChange(business));
    for (const c of carried) listOf(c.key).push(rowUpsert(c));
  };

  const compare = (key: RollupKey, doc: { _id: unknown; owner: unknown } & Partial<RollupDoc>) => {
    if (!recountable(key)) return;
    rows += 1;
    const id = keyString(key, doc.owner);
    const want = expected.get(id);
    expected.delete(id);
    const stored = flatten(doc);
    if (same(stored, want?.fields ?? {})) return;
    differ(id);
    carry(key, doc.owner, difference(want?.fields ?? {}, stored));
    if (!want) listOf(key).push({ deleteOne: { filter: { _id: doc._id } } });
    else listOf(key).push({ replaceOne: { filter: { _id: doc._id }, replacement: rowDoc(want) } });
  };
  const storeRows = opts.businessOnly ? [] : RollupModel.find(rowFilterOf(opts)).lean().cursor();
  for await (const doc of storeRows) {
    compare({ store: doc.store, staff: doc.staff ?? null, metric: doc.metric, day: doc.day }, doc);
  }
  if (recountsBusiness(opts)) {
    for await (const doc of BusinessRollupModel.find(businessFilterOf(opts)).lean().cursor()) {
      compare({ store: null, staff: null, metric: doc.metric, day: doc.day }, doc);
    }
  }
  for (const [id, want] of expected) {
    if (!recountable(want.key) || same({}, want.fields)) continue;
    rows += 1;
    differ(id);
    carry(want.key, want.owner, want.fields);
    const filter = rowFilter(want.key, want.owner);
    listOf(want.key).push({ updateOne: { filter, update: { $set: rowDoc(want) }, upsert: true } });
  }
  if (!opts.check) {
    for (const [Model, list] of [
      [RollupModel, ops.stores],
      [BusinessRollupModel, ops.business],
    ] as const) {
      for (let i = 0; i < list.length; i += 1000) {
        await (Model as typeof RollupModel).bulkWrite(list.slice(i, i + 1000), { ordered: false });
      }
    }
  }
  return { rows, differences, fixed: opts.check ? 0 : ops.stores.length + ops.business.length, examples };
}

function rowDoc(row: ExpectedRow): Record<string, unknown> {
  const zeros = Object.fromEntries(VALUE_FIELDS.map((f) => [f, 0]));
  const { store, staff, metric, day } = row.key;
  const key = isBusinessKey(row.key) ? { metric, day } : { store, staff, metric, day };
  return { ...key, owner: row.owner, ...zeros, ...unflatten(row.fields) };
}
