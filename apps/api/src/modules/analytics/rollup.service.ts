// Keeps the daily (and weekly) rollups in step with each accepted event using atomic $inc upserts (no transactions needed).
import { RollupModel } from './rollup.model';
import {
  eventRollupChanges,
  ratingRollupChanges,
  type RatingFacts,
  type RollupRowChange,
} from './rollup.contribution';

/** Every row of one event in one unordered bulkWrite: one round trip, each upsert atomic. */
export async function applyRollupChanges(changes: RollupRowChange[]): Promise<void> {
  if (changes.length === 0) return;
  await RollupModel.bulkWrite(
    changes.map(({ key, owner, inc }) => ({
      updateOne: {
        filter: { store: key.store, staff: key.staff, metric: key.metric, day: key.day },
        update: { $inc: inc, $setOnInsert: { owner } },
        upsert: true,
      },
    })),
    { ordered: false },
  );
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
