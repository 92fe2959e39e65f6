// Keeps the daily (and weekly) rollups in step with each accepted event using atomic $inc upserts (no transactions needed).
import type { AnyBulkWriteOperation } from 'mongoose';
import { BusinessRollupModel, RollupModel } from './rollup.model';
import {
  eventRollupChanges,
  isBusinessKey,
  ratingRollupChanges,
  type RatingFacts,
  type RollupKey,
  type RollupRowChange,
} from './rollup.contribution';

/** A row's unique filter: store rows by store, person, metric and day; business rows by owner, metric and day. */
export const rowFilter = (key: RollupKey, owner: unknown): Record<string, unknown> =>
  isBusinessKey(key)
    ? { owner, metric: key.metric, day: key.day }
    : { store: key.store, staff: key.staff, metric: key.metric, day: key.day };

/** The $inc upsert of one row change. */
export function rowUpsert({ key, owner, inc }: RollupRowChange): AnyBulkWriteOperation {
  const update = isBusinessKey(key) ? { $inc: inc } : { $inc: inc, $setOnInsert: { owner } };
  return { updateOne: { filter: rowFilter(key, owner), update, upsert: true } };
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
