// Recomputes every rollup from the raw ratings and events, reports the rows that differ and (unless checking) fixes them.
import type { AnyBulkWriteOperation } from 'mongoose';
import { localDay, localHour, weekStart } from '../../lib/time';
import { FeedbackEventModel, FEEDBACK_EVENT_RETENTION_SECONDS } from '../feedback/feedback-event.model';
import { RatingModel } from '../ratings/rating.model';
import { StoreModel } from '../stores/store.model';
import {
  countsInFigures,
  eventRollupChanges,
  isoWeekday,
  isWeekKey,
  keyString,
  ratingRollupChanges,
  weekChange,
  weekKey,
  type RollupKey,
  type RollupRowChange,
} from './rollup.contribution';
import { RollupModel, type RollupDoc } from './rollup.model';

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
  const id = keyString(change.key);
  const row = expected.get(id) ?? { key: change.key, owner: change.owner, fields: {} };
  for (const [f, v] of Object.entries(change.inc)) row.fields[f] = (row.fields[f] ?? 0) + v;
  expected.set(id, row);
}

/** Which raw documents and rollup rows a rebuild covers: everything, one owner's, or some stores' one local day. */
export interface RebuildScope {
  owner?: string;
  stores?: unknown[];
  day?: string;
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
  for (const [id, row] of expected) if (!inScope(scope, row.key)) expected.delete(id);
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
  const ops: AnyBulkWriteOperation[] = [];
  const examples: string[] = [];
  let rows = 0;
  let differences = 0;
  const differ = (id: string) => {
    differences += 1;
    if (examples.length < 10) examples.push(id);
  };

  // a fixed day of a week still open: its week row gets the same correction as an $inc
  const carryIntoWeek = (key: RollupKey, owner: unknown, inc: Record<string, number>) => {
    if (!opts.day || wholeWeek(opts)) return;
    const week = weekChange({ key, owner: owner as RollupRowChange['owner'], inc });
    const { store, staff, metric, day } = week.key;
    ops.push({
      updateOne: {
        filter: { store, staff, metric, day },
        update: { $inc: week.inc, $setOnInsert: { owner } },
        upsert: true,
      },
    });
  };

  for await (const doc of RollupModel.find(rowFilterOf(opts)).lean().cursor()) {
    const key: RollupKey = { store: doc.store, staff: doc.staff ?? null, metric: doc.metric, day: doc.day };
    if (!recountable(key)) continue;
    rows += 1;
    const id = keyString(key);
    const want = expected.get(id);
    expected.delete(id);
    const stored = flatten(doc);
    if (same(stored, want?.fields ?? {})) continue;
    differ(id);
    carryIntoWeek(key, doc.owner, difference(want?.fields ?? {}, stored));
    if (!want) ops.push({ deleteOne: { filter: { _id: doc._id } } });
    else ops.push({ replaceOne: { filter: { _id: doc._id }, replacement: rowDoc(want) } });
  }
  for (const [id, want] of expected) {
    if (!recountable(want.key) || same({}, want.fields)) continue;
    rows += 1;
    differ(id);
    carryIntoWeek(want.key, want.owner, want.fields);
    const { store, staff, metric, day } = want.key;
    ops.push({
      updateOne: {
        filter: { store, staff, metric, day },
        update: { $set: rowDoc(want) },
        upsert: true,
      },
    });
  }
  if (!opts.check && ops.length) {
    for (let i = 0; i < ops.length; i += 1000) {
      await RollupModel.bulkWrite(ops.slice(i, i + 1000), { ordered: false });
    }
  }
  return { rows, differences, fixed: opts.check ? 0 : ops.length, examples };
}

function rowDoc(row: ExpectedRow): Record<string, unknown> {
  const zeros = Object.fromEntries(VALUE_FIELDS.map((f) => [f, 0]));
  return { ...row.key, owner: row.owner, ...zeros, ...unflatten(row.fields) };
}
