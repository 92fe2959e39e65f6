// Does the work a stored rating or event owes, exactly once in effect: marked rollup $incs first, then named reactions.
import type { Types } from 'mongoose';
import { track } from '../../lib/background';
import { coalescedBulkWrite } from '../../lib/coalesce';
import { logger } from '../../lib/logger';
import { eventRollupChanges, ratingRollupChanges, staffRowChanges } from '../analytics/rollup.contribution';
import type { RollupRowChange } from '../analytics/rollup.contribution';
import { applyRollupEvent, unmarkRollupEvent } from '../analytics/rollup.service';
import {
  applyThemeEvent,
  isThemeWork,
  syncThemeCount,
  themeChanges,
} from '../analytics/theme-rollup.service';
import { isStaffOutWork, UNMARK_WITHIN_MS, type PendingWork } from '../ratings/pending-work';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { FeedbackEventModel, type FeedbackEventDoc } from './feedback-event.model';
import { reactionNamed, type AcceptedStore } from './rating-accepted';

interface Outcome {
  /** Entries done (to pull from the document). */
  done: Types.ObjectId[];
  /** Whether any rollup entry is still owed (reactions wait for the rollups: some read them). */
  rollupsOwed: boolean;
}

const pendingOf = (doc: { pending?: PendingWork[] | null }) => doc.pending ?? [];
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function applyRollups(
  doc: { _id: Types.ObjectId; pending?: PendingWork[] | null },
  apply: (work: PendingWork, sign: 1 | -1) => Promise<void>,
): Promise<Outcome> {
  const outcome: Outcome = { done: [], rollupsOwed: false };
  for (const work of pendingOf(doc).filter((w) => w.kind === 'rollup')) {
    try {
      await apply(work, work.sign === -1 ? -1 : 1);
      outcome.done.push(work.id);
    } catch (err) {
      // Left pending: the drainer applies it later (the same marked $inc, so nothing counts twice).
      outcome.rollupsOwed = true;
      logger.warn({ err: errText(err), doc: String(doc._id) }, 'rollup write failed; left pending');
    }
  }
  return outcome;
}

/** The score rows of an entry: the whole rating's, or (a `staff-out` entry) only its person's rows. */
const scoreChanges = (rating: RatingDoc, work: PendingWork, sign: 1 | -1) =>
  isStaffOutWork(work) ? staffRowChanges(rating, -1) : ratingRollupChanges(rating, sign);

/** A rating's entry: its score rollups, or (a `themes` entry) its comment's theme rollups. */
const ratingApply = (rating: RatingDoc) => (work: PendingWork, sign: 1 | -1) =>
  isThemeWork(work)
    ? applyThemeEvent(work.id, themeChanges(rating, sign, work.themes))
    : applyRollupEvent(work.id, scoreChanges(rating, work, sign));

/**
 * Applies a rating's owed rollup entries (not its reactions). A rating whose comment has been analysed then has its
 * theme count brought in line with its flag (a flag or restore moves its themes too) before the entries are pulled:
 * if that fails, the score entries stay owed (re-applying them is a no-op) so the drainer syncs the themes again.
 */
export async function applyRatingRollups(rating: RatingDoc): Promise<Outcome> {
  const outcome = await applyRollups(rating, ratingApply(rating));
  if (!rating.insight || outcome.done.length === 0) return outcome;
  try {
    await syncThemeCount(rating._id);
  } catch (err) {
    logger.warn({ err: errText(err), rating: String(rating._id) }, 'theme count sync failed; left pending');
    return { done: [], rollupsOwed: true };
  }
  return outcome;
}

/** A document's changes for one score entry (null for an entry whose rows are not score rollups). */
type ChangesOf = (work: PendingWork) => RollupRowChange[] | null;

/**
 * Pulls the done entries; then the score entries pulled within UNMARK_WITHIN_MS of being written have their markers
 * taken off their rows at once, so a busy row carries only the events in flight (a failure leaves them to the sweep).
 */
async function pull(
  doc: { _id: Types.ObjectId; pending?: PendingWork[] | null },
  model: 'rating' | 'event',
  ids: Types.ObjectId[],
  changesOf: ChangesOf,
): Promise<void> {
  if (ids.length === 0) return;
  // with the other documents' pulls waiting for the collection: one bulkWrite for a burst of submits
  const pullDone = {
    updateOne: { filter: { _id: doc._id }, update: { $pull: { pending: { id: { $in: ids } } } } },
  };
  await coalescedBulkWrite(model === 'rating' ? RatingModel : FeedbackEventModel, [pullDone]);
  const pulledAt = Date.now();
  const done = new Set(ids.map(String));
  const quick = pendingOf(doc).filter(
    (w) => done.has(String(w.id)) && pulledAt - new Date(w.at).getTime() < UNMARK_WITHIN_MS,
  );
  await Promise.all(
    quick.map(async (work) => {
      const changes = changesOf(work);
      if (!changes?.length) return;
      await unmarkRollupEvent(work.id, changes).catch((err: unknown) =>
        logger.warn(
          { err: errText(err), event: String(work.id) },
          'marker clean-up failed; the sweep removes it',
        ),
      );
    }),
  );
}

const ratingChanges =
  (rating: RatingDoc): ChangesOf =>
  (work) =>
    work.kind !== 'rollup' || isThemeWork(work)
      ? null
      : scoreChanges(rating, work, work.sign === -1 ? -1 : 1);

/** Runs the rating's owed reactions (once its rollups are done) and pulls every entry that is done. */
async function finishRating(rating: RatingDoc, store: AcceptedStore, rollups: Outcome): Promise<void> {
  const done = [...rollups.done];
  if (!rollups.rollupsOwed) {
    const flagged = Boolean(rating.flag?.suspicious) && !rating.flag?.restored;
    // Side by side: one slow or failing reaction (a mail relay) neither delays nor blocks the others.
    const reactions = pendingOf(rating).filter((w) => w.kind === 'reaction');
    const results = await Promise.allSettled(
      reactions.map(async (work) => {
        const reaction = reactionNamed(work.name ?? '');
        // registered by a process that runs it: left for that one
        if (!reaction) throw new Error(`no reaction named ${work.name ?? ''} in this process`);
        await reaction({ rating, store, flagged, eventId: work.id });
        return work.id;
      }),
    );
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') done.push(result.value);
      else
        logger.error(
          { err: errText(result.reason), reaction: reactions[i]!.name, rating: String(rating._id) },
          'reaction failed; left pending',
        );
    });
  }
  await pull(rating, 'rating', done, ratingChanges(rating));
}

/**
 * The request path: the rollups are applied and awaited (a dashboard read right after the 201 includes the rating);
 * the reactions and the clean-up run after the answer, tracked so a graceful shutdown waits for them. Whatever fails
 * stays pending in the rating document for the drainer.
 */
export async function settleNewRating(rating: RatingDoc, store: AcceptedStore): Promise<void> {
  const rollups = await applyRatingRollups(rating);
  track(finishRating(rating, store, rollups), 'rating derived work');
}

/** The drainer's path: everything the rating owes, awaited. */
export async function settleRating(rating: RatingDoc, store: AcceptedStore): Promise<void> {
  await finishRating(rating, store, await applyRatingRollups(rating));
}

/** A restore or re-flag: the entry written with the flag change is applied and pulled now (or left for the drainer). */
export async function settleRatingRollups(rating: RatingDoc): Promise<void> {
  const rollups = await applyRatingRollups(rating);
  await pull(rating, 'rating', rollups.done, ratingChanges(rating)).catch((err: unknown) =>
    logger.warn({ err: errText(err) }, 'pending clean-up failed; the drainer retries'),
  );
}

const eventChanges = (e: FeedbackEventDoc) =>
  eventRollupChanges({
    business: e.business,
    store: e.store,
    metric: e.type,
    day: e.day,
    network: e.network,
  });

const eventApply = (e: FeedbackEventDoc) => (work: PendingWork) => applyRollupEvent(work.id, eventChanges(e));

/** A visit or click: its rollups applied (awaited when `inline`), the entry pulled after. */
export async function settleEvent(event: FeedbackEventDoc, inline = false): Promise<void> {
  const rollups = await applyRollups(event, eventApply(event));
  const clean = pull(event, 'event', rollups.done, (work) =>
    work.kind === 'rollup' ? eventChanges(event) : null,
  );
  if (inline) track(clean, 'event derived work');
  else await clean;
}
