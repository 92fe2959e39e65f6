// Keeps the daily rollups in step with each accepted event using atomic $inc upserts (no transactions needed).
import type { Types } from 'mongoose';
import { RollupModel, type RollupMetric } from './rollup.model';

export interface RollupEvent {
  owner: Types.ObjectId | string;
  store: Types.ObjectId | string;
  staff?: Types.ObjectId | string | null;
  metric: RollupMetric;
  day: string;
  score?: number;
}

function incFor(score: number | undefined): Record<string, number> {
  const inc: Record<string, number> = { count: 1 };
  if (score !== undefined) {
    inc.scoreSum = score;
    inc[`d${score}`] = 1;
  }
  return inc;
}

type StaffRef = Types.ObjectId | string | null;

/** Both rows (store-level, and the staff member's when named) in one bulkWrite: one round trip, each upsert atomic. */
async function apply(event: RollupEvent, inc: Record<string, number>): Promise<void> {
  const rows: StaffRef[] = event.staff ? [null, event.staff] : [null];
  await RollupModel.bulkWrite(
    rows.map((staff) => ({
      updateOne: {
        filter: { store: event.store, staff, metric: event.metric, day: event.day },
        update: { $inc: inc, $setOnInsert: { owner: event.owner } },
        upsert: true,
      },
    })),
    { ordered: false },
  );
}

/** Store-level row always; a staff-level row too when the event names a staff member. */
export async function recordInRollups(event: RollupEvent): Promise<void> {
  await apply(event, incFor(event.score));
}

/** Reverses an event (used when a flagged rating is excluded, or restored with the opposite sign). */
async function adjustRollups(event: RollupEvent, sign: 1 | -1): Promise<void> {
  const inc = Object.fromEntries(Object.entries(incFor(event.score)).map(([k, v]) => [k, v * sign]));
  await apply(event, inc);
}

/** A stored rating, as far as its rollup rows go (its kind is the metric it counts towards). */
export type RolledUpRating = Omit<RollupEvent, 'metric' | 'score'> & { kind: RollupMetric; score: number };

/** Takes a stored rating's contribution out of the rollups (-1, when flagged) or puts it back (+1, when restored). */
export async function adjustRatingInRollups(rating: RolledUpRating, sign: 1 | -1): Promise<void> {
  const { owner, store, staff, kind, day, score } = rating;
  await adjustRollups({ owner, store, staff, metric: kind, day, score }, sign);
}
