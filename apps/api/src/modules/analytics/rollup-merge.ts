// Marked rollup changes of many events merged per row: one upsert per row for every event waiting, still once each.
import type { AnyBulkWriteOperation, Types } from 'mongoose';
import { coalescedBulkWrite, type BulkWriter } from '../../lib/coalesce';
import { keyString, type RollupRowChange } from './rollup.contribution';

/** The model calls a merged write needs (called by name at flush time, so test spies still see them). */
type Writer = BulkWriter;

/** Builds one event's marked upsert of one row (rollup.service's markedUpsert), for the per-event fallback. */
type MarkedOp = (change: RollupRowChange, event: Types.ObjectId) => AnyBulkWriteOperation;
/** A row's unique filter. */
type RowFilter = (change: RollupRowChange) => Record<string, unknown>;

interface Waiting {
  event: Types.ObjectId;
  changes: RollupRowChange[];
  resolve(): void;
  reject(err: unknown): void;
}

interface Queue {
  waiting: Waiting[];
  busy: boolean;
}

const queues = new WeakMap<Writer, Queue>();
/** Rows per merged command (far below the server's batch limit). */
const MAX_ROWS = 500;

const isDuplicateKey = (e: { code?: number; err?: { code?: number } }) => (e.code ?? e.err?.code) === 11000;

interface Row {
  change: RollupRowChange;
  events: Types.ObjectId[];
  inc: Record<string, number>;
  /** The callers whose events this row carries. */
  callers: Set<Waiting>;
}

/**
 * Applies one event's row changes exactly once in effect, like markedUpsert per row, but merged with the other events
 * waiting for the same model: each row gets one upsert that adds the sum of their changes and all their markers, and
 * matches only while the row carries none of them. A row carrying one already (a retry, the drainer) or inserted by a
 * racing upsert fails that upsert with a duplicate key; its events are then applied one by one through their own
 * markers, so none counts twice and none is lost. A caller settles once every row of its event is done.
 */
export function mergedMarkedWrite(
  model: Writer,
  event: Types.ObjectId,
  changes: RollupRowChange[],
  ops: {
    filter: RowFilter;
    marked: MarkedOp;
    setOnInsert: (change: RollupRowChange) => Record<string, unknown>;
  },
): Promise<void> {
  if (changes.length === 0) return Promise.resolve();
  let queue = queues.get(model);
  if (!queue) queues.set(model, (queue = { waiting: [], busy: false }));
  const q = queue;
  return new Promise<void>((resolve, reject) => {
    q.waiting.push({ event, changes, resolve, reject });
    if (q.busy) return;
    q.busy = true;
    setImmediate(() => void flush(model, q, ops));
  });
}

function rowsOf(batch: Waiting[]): Row[] {
  const rows = new Map<string, Row>();
  for (const w of batch) {
    for (const change of w.changes) {
      const key = keyString(change.key, change.business);
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { change, events: [], inc: {}, callers: new Set() }));
      row.callers.add(w);
      // the same event queued twice (a retry while the first is on the wire) is added once
      if (row.events.some((e) => e.equals(w.event))) continue;
      row.events.push(w.event);
      for (const [field, n] of Object.entries(change.inc)) row.inc[field] = (row.inc[field] ?? 0) + n;
    }
  }
  return [...rows.values()];
}

async function flush(model: Writer, q: Queue, ops: Parameters<typeof mergedMarkedWrite>[3]): Promise<void> {
  const batch: Waiting[] = [];
  let rows = 0;
  while (q.waiting.length > 0 && (batch.length === 0 || rows + q.waiting[0]!.changes.length <= MAX_ROWS)) {
    const next = q.waiting.shift()!;
    batch.push(next);
    rows += next.changes.length;
  }
  try {
    await writeRows(model, rowsOf(batch), ops, batch);
  } finally {
    if (q.waiting.length > 0) setImmediate(() => void flush(model, q, ops));
    else q.busy = false;
  }
}

async function writeRows(
  model: Writer,
  rows: Row[],
  ops: Parameters<typeof mergedMarkedWrite>[3],
  batch: Waiting[],
): Promise<void> {
  const merged: AnyBulkWriteOperation[] = rows.map((row) => ({
    updateOne: {
      filter: { ...ops.filter(row.change), applied: { $nin: row.events } },
      update: {
        // the row's write counter moves once per event, as with one upsert each
        $inc: { ...row.inc, v: row.events.length },
        $push: { applied: { $each: row.events } },
        ...onInsert(ops.setOnInsert(row.change)),
      },
      upsert: true,
    },
  }));
  let retry: Row[] = [];
  try {
    await model.bulkWrite(merged, { ordered: false });
  } catch (err) {
    const errors = (err as { writeErrors?: unknown }).writeErrors;
    const list = (Array.isArray(errors) ? errors : errors ? [errors] : []) as Array<{
      index?: number;
      code?: number;
      err?: { code?: number; index?: number };
    }>;
    const indexOf = (e: (typeof list)[number]) => e.index ?? e.err?.index ?? -1;
    if (list.length === 0 || !list.every((e) => isDuplicateKey(e) && indexOf(e) >= 0)) {
      for (const w of batch) w.reject(err);
      return;
    }
    retry = list.map((e) => rows[indexOf(e)]!);
  }
  const failed = new Set<Waiting>();
  if (retry.length > 0) {
    // one marked upsert per event and row: a marker already there makes its event a no-op on that row
    const single = retry.flatMap((row) =>
      row.events.map((event) => ops.marked({ ...row.change, inc: incOf(row, event) }, event)),
    );
    const callers = new Set(retry.flatMap((row) => [...row.callers]));
    try {
      await coalescedBulkWrite(model, single).catch((err: unknown) => {
        // by now every row exists: a duplicate key can only mean "already applied"
        if (!onlyDuplicateErrors(err)) throw err;
        return coalescedBulkWrite(model, single);
      });
    } catch (err) {
      if (!onlyDuplicateErrors(err)) for (const w of callers) failed.add(w);
      for (const w of failed) w.reject(err);
    }
  }
  for (const w of batch) if (!failed.has(w)) w.resolve();
}

const onInsert = (fields: Record<string, unknown>) =>
  Object.keys(fields).length ? { $setOnInsert: fields } : {};

/** One event's own change to a row (what it merged in). */
function incOf(row: Row, event: Types.ObjectId): Record<string, number> {
  const caller = [...row.callers].find((w) => w.event.equals(event))!;
  const key = keyString(row.change.key, row.change.business);
  return caller.changes.find((c) => keyString(c.key, c.business) === key)!.inc;
}

function onlyDuplicateErrors(err: unknown): boolean {
  const errors = (err as { writeErrors?: unknown } | null)?.writeErrors;
  const list = (Array.isArray(errors) ? errors : errors ? [errors] : []) as Array<{
    code?: number;
    err?: { code?: number };
  }>;
  return list.length > 0 && list.every(isDuplicateKey);
}

interface Unmark {
  event: Types.ObjectId;
  rows: Array<{ key: string; filter: Record<string, unknown> }>;
  resolve(): void;
  reject(err: unknown): void;
}

const unmarkQueues = new WeakMap<Writer, { waiting: Unmark[]; busy: boolean }>();

/**
 * Takes events' markers off their rows: what arrives while the model's last clean-up is on the wire goes out as one
 * $pull per row for all of its events (a marker's removal changes no figure, so nothing else is conditional).
 */
export function mergedUnmark(
  model: Writer,
  event: Types.ObjectId,
  rows: Array<{ key: string; filter: Record<string, unknown> }>,
): Promise<void> {
  if (rows.length === 0) return Promise.resolve();
  let queue = unmarkQueues.get(model);
  if (!queue) unmarkQueues.set(model, (queue = { waiting: [], busy: false }));
  const q = queue;
  return new Promise<void>((resolve, reject) => {
    q.waiting.push({ event, rows, resolve, reject });
    if (q.busy) return;
    q.busy = true;
    setImmediate(() => void flushUnmarks(model, q));
  });
}

async function flushUnmarks(model: Writer, q: { waiting: Unmark[]; busy: boolean }): Promise<void> {
  const batch = q.waiting.splice(0, MAX_ROWS);
  const rows = new Map<string, { filter: Record<string, unknown>; events: Types.ObjectId[] }>();
  for (const w of batch) {
    for (const r of w.rows) {
      const row = rows.get(r.key) ?? { filter: r.filter, events: [] };
      rows.set(r.key, row);
      row.events.push(w.event);
    }
  }
  try {
    await model.bulkWrite(
      [...rows.values()].map((row) => ({
        updateOne: { filter: row.filter, update: { $pull: { applied: { $in: row.events } } } },
      })),
      { ordered: false },
    );
    for (const w of batch) w.resolve();
  } catch (err) {
    for (const w of batch) w.reject(err);
  } finally {
    if (q.waiting.length > 0) setImmediate(() => void flushUnmarks(model, q));
    else q.busy = false;
  }
}
