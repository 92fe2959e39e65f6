// The repair path: applies every owed entry left by a failed write, a crash or a deploy, and prunes spent rollup markers.
import { Types } from 'mongoose';
import { tracked } from '../../lib/background';
import { logger } from '../../lib/logger';
import type { ScheduledJob } from '../../lib/scheduler';
import { BusinessRollupModel, RollupModel } from '../analytics/rollup.model';
import { ThemeRollupModel } from '../analytics/theme-rollup.model';
import { DRAIN_AFTER_MS, type PendingWork } from '../ratings/pending-work';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { StoreModel } from '../stores/store.model';
import { FeedbackEventModel, type FeedbackEventDoc } from './feedback-event.model';
import { settleEvent, settleRating } from './pipeline';
import type { AcceptedStore } from './rating-accepted';

/**
 * A rollup row keeps the marker of an event applied late (by the drainer, or a request slower than UNMARK_WITHIN_MS)
 * this long after the event is done. Only a write still in flight for an event could re-apply it; the drain job's
 * lock (5 minutes) and a request's life are both far shorter. A request's own quick events are unmarked at once.
 */
export const MARKER_KEEP_MS = 30 * 60_000;
const BATCH = 200;
const MAX_BATCHES = 10;
const PARALLEL = 8;

export interface DrainReport {
  ratings: number;
  events: number;
  /** Documents still owing work after the run (failed again, or more than one run's worth). */
  stillOwed: number;
  markersPruned: number;
  /** Age in seconds of the oldest owed entry after the run (0 when none): the derived-data lag. */
  lagSeconds: number;
}

async function inChunks<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) {
    await Promise.all(items.slice(i, i + PARALLEL).map(run));
  }
}

async function storesOf(ratings: RatingDoc[]): Promise<Map<string, AcceptedStore>> {
  const ids = [...new Set(ratings.map((r) => String(r.store)))];
  const stores = await StoreModel.find({ _id: { $in: ids } }, { business: 1, name: 1, timeZone: 1 }).lean();
  return new Map(stores.map((s) => [String(s._id), s as unknown as AcceptedStore]));
}

/** Due documents of one collection, oldest entry first, skipping those already tried in this run. */
function due<T>(model: typeof RatingModel | typeof FeedbackEventModel, cutoff: Date, seen: Types.ObjectId[]) {
  return (model as typeof RatingModel)
    .find({ 'pending.at': { $lte: cutoff }, ...(seen.length ? { _id: { $nin: seen } } : {}) })
    .sort({ 'pending.at': 1 })
    .limit(BATCH)
    .lean<T[]>();
}

async function drainRatings(cutoff: Date): Promise<number> {
  const seen: Types.ObjectId[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const ratings = await due<RatingDoc>(RatingModel, cutoff, seen);
    if (ratings.length === 0) break;
    const stores = await storesOf(ratings);
    await inChunks(ratings, async (rating) => {
      seen.push(rating._id);
      const store = stores.get(String(rating.store)) ?? {
        _id: rating.store,
        business: rating.business,
        name: 'a deleted store',
        timeZone: 'UTC',
      };
      await settleRating(rating, store).catch((err: unknown) =>
        logger.warn({ err: String(err), rating: String(rating._id) }, 'drain: rating left pending'),
      );
    });
    if (ratings.length < BATCH) break;
  }
  return seen.length;
}

async function drainEvents(cutoff: Date): Promise<number> {
  const seen: Types.ObjectId[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const events = await due<FeedbackEventDoc>(FeedbackEventModel as never, cutoff, seen);
    if (events.length === 0) break;
    await inChunks(events, async (event) => {
      seen.push(event._id);
      await settleEvent(event).catch((err: unknown) =>
        logger.warn({ err: String(err), event: String(event._id) }, 'drain: event left pending'),
      );
    });
    if (events.length < BATCH) break;
  }
  return seen.length;
}

type Owed = { pending?: PendingWork[] | null };

/** Removes markers of events that are done and older than MARKER_KEEP_MS from up to 1,000 rows per collection. */
async function pruneMarkers(now: Date): Promise<number> {
  const before = Types.ObjectId.createFromTime(Math.floor((now.getTime() - MARKER_KEEP_MS) / 1000));
  let pruned = 0;
  for (const Model of [
    RollupModel,
    BusinessRollupModel as unknown as typeof RollupModel,
    ThemeRollupModel as unknown as typeof RollupModel,
  ]) {
    const rows = await Model.find({ applied: { $lt: before } }, { applied: 1 })
      .limit(1000)
      .lean();
    if (rows.length === 0) continue;
    const old = new Map<string, Types.ObjectId>();
    for (const row of rows)
      for (const m of row.applied ?? []) if (m.getTimestamp() < before.getTimestamp()) old.set(String(m), m);
    const ids = [...old.values()];
    const owedQuery = { 'pending.id': { $in: ids } };
    const [r, e] = await Promise.all([
      RatingModel.find(owedQuery, { pending: 1 }).lean<Owed[]>(),
      FeedbackEventModel.find(owedQuery, { pending: 1 }).lean<Owed[]>(),
    ]);
    const owed = new Set([...r, ...e].flatMap((d) => (d.pending ?? []).map((w) => String(w.id))));
    const done = ids.filter((m) => !owed.has(String(m)));
    if (done.length === 0) continue;
    await Model.updateMany({ _id: { $in: rows.map((x) => x._id) } }, { $pull: { applied: { $in: done } } });
    pruned += done.length;
  }
  return pruned;
}

/** Owed documents and the age of the oldest owed entry (ids carry their creation time). */
export async function derivedLag(now: Date): Promise<{ owed: number; lagSeconds: number }> {
  const [ratings, events, oldestR, oldestE] = await Promise.all([
    RatingModel.countDocuments({ 'pending.at': { $exists: true } }),
    FeedbackEventModel.countDocuments({ 'pending.at': { $exists: true } }),
    RatingModel.findOne({ 'pending.at': { $exists: true } }, { pending: 1 })
      .sort({ 'pending.at': 1 })
      .lean<Owed>(),
    FeedbackEventModel.findOne({ 'pending.at': { $exists: true } }, { pending: 1 })
      .sort({ 'pending.at': 1 })
      .lean<Owed>(),
  ]);
  const times = [oldestR, oldestE].flatMap((d) =>
    (d?.pending ?? []).map((w) => w.id.getTimestamp().getTime()),
  );
  const oldest = times.length ? Math.min(...times) : now.getTime();
  return { owed: ratings + events, lagSeconds: Math.max(0, Math.round((now.getTime() - oldest) / 1000)) };
}

/** One drain run: owed ratings (rollups, then reactions) and events, then spent markers. */
export async function drainPending(now = new Date()): Promise<DrainReport> {
  const cutoff = new Date(now.getTime() - DRAIN_AFTER_MS);
  const [ratings, events] = await Promise.all([drainRatings(cutoff), drainEvents(cutoff)]);
  const markersPruned = await pruneMarkers(now);
  const lag = await derivedLag(new Date());
  const report = { ratings, events, stillOwed: lag.owed, markersPruned, lagSeconds: lag.lagSeconds };
  if (ratings + events > 0 || lag.owed > 0) logger.warn(report, 'derived work drained');
  return report;
}

export function pipelineJobs(now: () => Date = () => new Date()): ScheduledJob[] {
  // agenda locks the run, so with N instances one drains at a time (the applies are idempotent regardless).
  return [
    {
      name: 'pipeline:drain',
      every: '1 minute',
      run: async () => void (await tracked(drainPending(now()), 'drain')),
    },
  ];
}
