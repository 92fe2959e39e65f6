// Taking a rating out of its staff member's figures (a dispute ruled unfair), durably and exactly once in effect.
import { AppError } from '../../lib/errors';
import { countsInFigures } from '../analytics/rollup.contribution';
import { settleRatingRollups } from '../feedback/pipeline';
import { staffOutWork } from './pending-work';
import { RatingModel, type RatingDoc } from './rating.model';

export type ExclusionOutcome = 'excluded' | 'already' | 'not-a-staff-rating';

const TRIES = 3;

/**
 * One conditional update sets `staffExcluded` and, when the rating counts in the figures, records the owed `staff-out`
 * entry that takes it out of the person's rows only (the store's and business's rows keep it); the entry is then
 * applied, or left for the drainer after a crash. The update waits until the rating owes no other rollup entry (they
 * are settled first), because an owed entry is computed from the rating as it is when applied: the person's row it
 * would add or take out must be decided before the flag flips. A later flag or restore leaves the person's row alone.
 */
export async function excludeFromStaffFigures(
  ratingId: unknown,
  now = new Date(),
): Promise<ExclusionOutcome> {
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const rating = await RatingModel.findById(ratingId).lean<RatingDoc>();
    if (!rating || rating.kind !== 'staff' || !rating.staff) return 'not-a-staff-rating';
    if (rating.staffExcluded) return 'already';
    const counts = countsInFigures(rating);
    const sameCounting = counts
      ? { $or: [{ 'flag.suspicious': { $ne: true } }, { 'flag.restored': true }] }
      : { 'flag.suspicious': true, 'flag.restored': { $ne: true } };
    const excluded = await RatingModel.findOneAndUpdate(
      { _id: rating._id, staffExcluded: { $ne: true }, 'pending.kind': { $ne: 'rollup' }, ...sameCounting },
      {
        $set: { staffExcluded: true },
        ...(counts ? { $push: { pending: staffOutWork(now) } } : {}),
      },
      { returnDocument: 'after' },
    ).lean<RatingDoc>();
    if (excluded) {
      if (counts) await settleRatingRollups(excluded);
      return 'excluded';
    }
    // Another rollup entry is owed (or the rating changed meanwhile): settle what it owes, then try again.
    const current = await RatingModel.findById(rating._id).lean<RatingDoc>();
    if (current?.pending?.length) await settleRatingRollups(current);
  }
  throw new AppError('RATING_BUSY', 'The rating is being updated. Please try again in a moment.', 409);
}
