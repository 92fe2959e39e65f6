// Keeps the daily (and weekly) rollups in step with each accepted event using atomic $inc upserts (no transactions needed).
import type { AnyBulkWriteOperation, Types } from 'mongoose';
import { BusinessRollupModel, RollupModel } from './rollup.model';
import { mergedMarkedWrite, mergedUnmark } from './rollup-merge';
import {
  eventRollupChanges,
  isBusinessKey,
  keyString,
  ratingRollupChanges,
  type RatingFacts,
  type RollupKey,
  type RollupRowChange,
} from './rollup.contribution';

/** A row's unique filter: store rows by store, person, metric and day; business rows by owner, metric and day. */
export const rowFilter = (key: RollupKey, business: unknown): Record<string, unknown> =>
  isBusinessKey(key)
    ? { business, metric: key.metric, day: key.day }
    : { store: key.store, staff: key.staff, metric: key.metric, day: key.day };

/** A change's $inc, with the row's write counter (see the model's `v`). */
const counted = (inc: Record<string, number>) => ({ ...inc, v: 1 });

/** The $inc upsert of one row change. */
export function rowUpsert({ key, business, inc }: RollupRowChange): AnyBulkWriteOperation {
  const update = isBusinessKey(key)
    ? { $inc: counted(inc) }
    : { $inc: counted(inc), $setOnInsert: { business } };
  return { updateOne: { filter: rowFilter(key, business), update, upsert: true } };
}

/**
 * Every row of one event in one unordered bulkWrite per collection, sent together: one round trip, each upsert
 * atomic.
 */
export async function applyRollupChanges(changes: RollupRowChange[]): Promise<void> {
  const business = changes.filter((c) => isBusinessKey(c.key)).map(rowUpsert);
  const stores = changes.filter((c) => !isBusinessKey(c.key)).map(rowUpsert);
  await Promise.all([
    stores.length ? RollupModel.bulkWrite(stores, { ordered: false }) : null,
    business.length ? BusinessRollupModel.bulkWrite(business, { ordered: false }) : null,
  ]);
}

/** An accepted (not flagged) rating: its store row, the person's row and the shift-credit rows. */
export async function recordRatingInRollups(rating: RatingFacts): Promise<void> {
  await applyRollupChanges(ratingRollupChanges(rating, 1));
}

/** A tracked visit or a social click (counted per network too). */
export async function recordEventInRollups(event: Parameters<typeof eventRollupChanges>[0]): Promise<void> {
  await applyRollupChanges(eventRollupChanges(event));
}

/** Takes a stored rating's contribution out of the rollups (-1, when flagged) or puts it back (+1, when restored). */
export async function adjustRatingInRollups(rating: RatingFacts, sign: 1 | -1): Promise<void> {
  await applyRollupChanges(ratingRollupChanges(rating, sign));
}

type Op = AnyBulkWriteOperation;

/** The same upsert, applied only to a row that does not already carry the event's marker (and then marks it). */
export function markedUpsert(change: RollupRowChange, event: Types.ObjectId): Op {
  const { key, business, inc } = change;
  const update = {
    $inc: counted(inc),
    $push: { applied: event },
    ...(isBusinessKey(key) ? {} : { $setOnInsert: { business } }),
  };
  return {
    updateOne: { filter: { ...rowFilter(key, business), applied: { $ne: event } }, update, upsert: true },
  };
}

interface WriteErrorLike {
  code?: number;
  err?: { code?: number };
}

/** True when every failed op of a bulk write failed with a duplicate key; anything else is rethrown. */
export function onlyDuplicates(err: unknown): true {
  const errors = (err as { writeErrors?: WriteErrorLike[] | WriteErrorLike } | null)?.writeErrors;
  const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
  const codeOf = (e: WriteErrorLike) => e.code ?? e.err?.code;
  if (list.length === 0 || !list.every((e) => codeOf(e) === 11000)) throw err;
  return true;
}

/**
 * Applies one event's row changes (sent with the other submits' changes that are waiting for the same collection, one
 * bulkWrite for all) so that applying them again (a retry, the drainer after a crash, two instances at
 * once) changes nothing: each row's $inc is conditional on the row not yet carrying the event id.
 */
export async function applyRollupEvent(event: Types.ObjectId, changes: RollupRowChange[]): Promise<void> {
  const merged = {
    filter: (c: RollupRowChange) => rowFilter(c.key, c.business),
    marked: markedUpsert,
    setOnInsert: (c: RollupRowChange) => (isBusinessKey(c.key) ? {} : { business: c.business }),
  };
  // merged per row with the other events waiting for the collection (rollup-merge.ts): one upsert per busy row
  await Promise.all([
    mergedMarkedWrite(
      RollupModel,
      event,
      changes.filter((c) => !isBusinessKey(c.key)),
      merged,
    ),
    mergedMarkedWrite(
      BusinessRollupModel,
      event,
      changes.filter((c) => isBusinessKey(c.key)),
      merged,
    ),
  ]);
}

/**
 * Takes an event's marker off the rows it was applied to (figures unchanged), once nothing can apply it again: with
 * the other events' waiting for the collection, one $pull per row for all of them.
 */
export async function unmarkRollupEvent(event: Types.ObjectId, changes: RollupRowChange[]): Promise<void> {
  const rows = (c: RollupRowChange) => ({
    key: keyString(c.key, c.business),
    filter: rowFilter(c.key, c.business),
  });
  await Promise.all([
    mergedUnmark(RollupModel, event, changes.filter((c) => !isBusinessKey(c.key)).map(rows)),
    mergedUnmark(BusinessRollupModel, event, changes.filter((c) => isBusinessKey(c.key)).map(rows)),
  ]);
}
