// Recomputes rollups from the raw ratings and events, reports the rows that differ and (unless checking) fixes them.
import type { AnyBulkWriteOperation } from 'mongoose';
import { localDay } from '../../lib/time';
import { FEEDBACK_EVENT_RETENTION_SECONDS } from '../feedback/feedback-event.model';
import {
  businessChange,
  isBusinessKey,
  isWeekKey,
  keyString,
  weekChange,
  type RollupKey,
  type RollupRowChange,
} from './rollup.contribution';
import { BusinessRollupModel, RollupModel, type RollupDoc } from './rollup.model';
import {
  recount,
  recountsBusiness,
  recountsStore,
  rowFilterOf,
  wantFor,
  wholeWeek,
  type ExpectedRow,
  type RebuildScope,
} from './rollup.recount';
import { rowFilter, rowUpsert } from './rollup.service';

export type { RebuildScope } from './rollup.recount';

export interface RebuildReport {
  /** Rows compared (expected ∪ stored). */
  rows: number;
  /** Rows whose stored figures differed from the recount (missing, extra or wrong). */
  differences: number;
  /** Rows written or removed (0 with check). */
  fixed: number;
  /** A few differing keys, for the command's output. */
  examples: string[];
  /** Rows that live traffic changed while they were recounted: left as they are (run again to fix them). */
  changedMeanwhile?: number;
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

/** want − stored, field by field (what an $inc must add to make stored equal want). */
function difference(want: Record<string, number>, stored: Record<string, number>): Record<string, number> {
  const inc: Record<string, number> = {};
  for (const k of new Set([...Object.keys(want), ...Object.keys(stored)])) {
    const d = (want[k] ?? 0) - (stored[k] ?? 0);
    if (d) inc[k] = d;
  }
  return inc;
}

function rowDoc(
  row: Pick<ExpectedRow, 'key' | 'business'>,
  fields: Record<string, number>,
  applied: unknown[],
  v = 0,
) {
  const zeros = Object.fromEntries(VALUE_FIELDS.map((f) => [f, 0]));
  const { store, staff, metric, day } = row.key;
  const key = isBusinessKey(row.key) ? { metric, day } : { store, staff, metric, day };
  const marks = applied.length ? { applied } : {};
  return { ...key, business: row.business, ...zeros, ...unflatten(fields), ...marks, ...(v ? { v } : {}) };
}

/**
 * Matches the row only while it is as read: the same write counter (every live $inc bumps it, even one whose marker
 * is already off again) and exactly the markers read.
 */
const unchangedSince = (doc: Partial<RollupDoc> & { _id: unknown }) => ({
  _id: doc._id,
  v: doc.v ?? null,
  ...(doc.applied?.length
    ? { applied: doc.applied }
    : { $or: [{ applied: { $exists: false } }, { applied: { $size: 0 } }] }),
});

type Row = Partial<RollupDoc> & { _id: unknown; business: unknown };
interface Ops {
  list: AnyBulkWriteOperation[];
  replaced: number;
  deleted: number;
  inserted: number;
}

/**
 * Rows are read before the raw documents, and every fix is conditional on the row not having changed since it was
 * read (its `applied` markers), so a rebuild running while ratings arrive never overwrites a live increment: a row
 * that changed is reported and left for the next run. Owed rollup entries count only in rows carrying their marker.
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

  const storeRows: Row[] = opts.businessOnly
    ? []
    : (await RollupModel.find(rowFilterOf(opts)).lean()).filter((d) => recountsStore(opts, d.store));
  const businessFilter = { ...rowFilterOf(opts) };
  delete businessFilter.store;
  const anyBusiness = opts.only ? opts.only.businesses.size > 0 : !opts.stores;
  const businessRows: Row[] = anyBusiness
    ? (await BusinessRollupModel.find(businessFilter).lean()).filter((d) =>
        recountsBusiness(opts, d.business),
      )
    : [];
  const counted = await recount(opts, eventsFrom);

  const ops = { stores: newOps(), business: newOps() };
  const opsOf = (key: RollupKey) => (isBusinessKey(key) ? ops.business : ops.stores);
  const carries: RollupRowChange[] = [];
  const examples: string[] = [];
  let rows = 0;
  let differences = 0;
  const differ = (id: string) => {
    differences += 1;
    if (examples.length < 10) examples.push(id);
  };

  /**
   * A fixed day row's correction, carried as an $inc into rows this rebuild does not recount: its week row while that
   * week is still open, and (when the business row is not recounted) the business day and week rows of its kind.
   */
  const carry = (key: RollupKey, business: unknown, inc: Record<string, number>) => {
    if (isWeekKey(key.day)) return;
    const change: RollupRowChange = { key, business: business as RollupRowChange['business'], inc };
    if (opts.day && !wholeWeek(opts)) carries.push(weekChange(change));
    const businessRow = recountsBusiness(opts, business) ? null : businessChange(change);
    if (businessRow) carries.push(businessRow, weekChange(businessRow));
  };

  const compare = (key: RollupKey, doc: Row) => {
    if (!recountable(key)) return;
    rows += 1;
    const id = keyString(key, doc.business);
    const want = wantFor(counted, id, doc);
    const expected = counted.expected.get(id);
    counted.expected.delete(id);
    const stored = flatten(doc);
    if (same(stored, want ?? {})) return;
    differ(id);
    carry(key, doc.business, difference(want ?? {}, stored));
    const target = opsOf(key);
    if (!want || same({}, want)) {
      target.list.push({ deleteOne: { filter: unchangedSince(doc) } });
      target.deleted += 1;
    } else {
      const replacement = rowDoc(
        expected ?? { key, business: doc.business },
        want,
        doc.applied ?? [],
        (doc.v ?? 0) + 1,
      );
      target.list.push({ replaceOne: { filter: unchangedSince(doc), replacement } });
      target.replaced += 1;
    }
  };
  for (const doc of storeRows)
    compare({ store: doc.store!, staff: doc.staff ?? null, metric: doc.metric!, day: doc.day! }, doc);
  for (const doc of businessRows)
    compare({ store: null, staff: null, metric: doc.metric!, day: doc.day! }, doc);
  for (const [id, want] of counted.expected) {
    if (!recountable(want.key) || same({}, want.fields)) continue;
    rows += 1;
    differ(id);
    carry(want.key, want.business, want.fields);
    // Only if the row is still missing: a live $inc that created it meanwhile is left alone.
    const update = { $setOnInsert: rowDoc(want, want.fields, []) };
    opsOf(want.key).list.push({
      updateOne: { filter: rowFilter(want.key, want.business), update, upsert: true },
    });
    opsOf(want.key).inserted += 1;
  }
  let changedMeanwhile = 0;
  if (!opts.check) {
    changedMeanwhile += await write(RollupModel, ops.stores);
    changedMeanwhile += await write(BusinessRollupModel as unknown as typeof RollupModel, ops.business);
    // Carried corrections assume the fixed rows were as read; when any changed meanwhile, the next run redoes them.
    if (changedMeanwhile === 0 && carries.length) {
      const byModel = { stores: [] as AnyBulkWriteOperation[], business: [] as AnyBulkWriteOperation[] };
      for (const c of carries) (isBusinessKey(c.key) ? byModel.business : byModel.stores).push(rowUpsert(c));
      await bulk(RollupModel, byModel.stores);
      await bulk(BusinessRollupModel as unknown as typeof RollupModel, byModel.business);
    }
  }
  const fixed = opts.check ? 0 : ops.stores.list.length + ops.business.list.length - changedMeanwhile;
  return { rows, differences, fixed, examples, changedMeanwhile };
}

const newOps = (): Ops => ({ list: [], replaced: 0, deleted: 0, inserted: 0 });

async function bulk(Model: typeof RollupModel, list: AnyBulkWriteOperation[]) {
  const totals = { matched: 0, deleted: 0, upserted: 0 };
  for (let i = 0; i < list.length; i += 1000) {
    const r = await Model.bulkWrite(list.slice(i, i + 1000), { ordered: false });
    totals.matched += r.matchedCount;
    totals.deleted += r.deletedCount;
    totals.upserted += r.upsertedCount;
  }
  return totals;
}

/** Writes the conditional fixes; returns how many found their row changed since it was read. */
async function write(Model: typeof RollupModel, ops: Ops): Promise<number> {
  if (ops.list.length === 0) return 0;
  const r = await bulk(Model, ops.list);
  // an insert that found the row created meanwhile counts as matched, not upserted
  const replacedOk = Math.min(ops.replaced, r.matched - (ops.inserted - r.upserted));
  return ops.replaced - replacedOk + (ops.deleted - r.deleted) + (ops.inserted - r.upserted);
}
