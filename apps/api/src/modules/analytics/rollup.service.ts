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

async function bump(event: RollupEvent, staff: Types.ObjectId | string | null): Promise<void> {
  await RollupModel.updateOne(
    { store: event.store, staff, metric: event.metric, day: event.day },
    { $inc: incFor(event.score), $setOnInsert: { owner: event.owner } },
    { upsert: true },
  );
}

/** Store-level row always; a staff-level row too when the event names a staff member. */
export async function recordInRollups(event: RollupEvent): Promise<void> {
  await bump(event, null);
  if (event.staff) await bump(event, event.staff);
}

/** Reverses an event (used when a flagged rating is excluded, or restored with the opposite sign). */
export async function adjustRollups(event: RollupEvent, sign: 1 | -1): Promise<void> {
  const inc = Object.fromEntries(Object.entries(incFor(event.score)).map(([k, v]) => [k, v * sign]));
  const rows = event.staff ? [null, event.staff] : [null];
  for (const staff of rows) {
    await RollupModel.updateOne(
      { store: event.store, staff, metric: event.metric, day: event.day },
      { $inc: inc, $setOnInsert: { owner: event.owner } },
      { upsert: true },
    );
  }
}
