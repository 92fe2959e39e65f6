// Anti-gaming rules for anonymous ratings: a per-device interval (refuses, 429) and flagging a burst's members (bursts.ts).
import type { Types } from 'mongoose';
import { coalescedBulkWrite } from '../../lib/coalesce';
import { AppError } from '../../lib/errors';
import { rollupWork } from '../ratings/pending-work';
import type { RatingDoc } from '../ratings/rating.model';
import { settleRatingRollups } from './pipeline';
import { RatingModel, type RatingKind } from '../ratings/rating.model';
import { RatingGuardModel } from './rating-guard.model';

export const ANTI_GAMING = {
  /** One rating of the same subject (staff member, or the store's experience) per device per hour; kiosks exempt. */
  minIntervalMs: 60 * 60 * 1000,
} as const;

export interface RatingSubject {
  business: Types.ObjectId;
  store: Types.ObjectId;
  /** null for experience ratings. */
  staff: Types.ObjectId | null;
  kind: RatingKind;
  /** How the subject is named in messages: a first name, or "your experience at <store>". */
  label: string;
}

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

/** Whose guard: a device's hold on one subject (a staff member, or the store's experience when staff is null). */
export interface GuardId {
  deviceHash: string;
  store: Types.ObjectId;
  staff: Types.ObjectId | null;
}

/** claimed: this submit took the guard; held: a copy of this same submit holds it; until: another rating holds it. */
export type GuardClaim = { claimed: true } | { claimed: false; until: Date | null };

/**
 * Claims the device's guard on a subject for the interval. Atomic: one upsert that only matches a spent guard, so of
 * two ratings sent at the same instant the unique index lets exactly one through. Needs nothing but ids, so the submit
 * sends it with its first reads; a copy of the same submit (same key) is let through (until: null) to be replayed.
 */
export async function claimMinInterval(id: GuardId, now: Date, key: string): Promise<GuardClaim> {
  try {
    // with the other submits' claims waiting for the collection: one unordered bulk write, each upsert atomic and
    // its duplicate key handed back to its own caller
    await coalescedBulkWrite(RatingGuardModel, [
      {
        updateOne: {
          filter: { ...id, until: { $lte: now } },
          update: { $set: { until: new Date(now.getTime() + ANTI_GAMING.minIntervalMs), key } },
          upsert: true,
        },
      },
    ]);
    return { claimed: true };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  const guard = await RatingGuardModel.findOne(id).lean();
  return { claimed: false, until: !guard || guard.key === key ? null : guard.until };
}

/**
 * A store whose (possibly inherited) interval is not the default: the guard just claimed with the default is set to
 * end after the store's own interval instead. The claim runs before the store is read (it needs only ids), so the
 * interval a guard holds is the one of the store when its rating was accepted.
 */
export async function retimeGuard(id: GuardId, key: string, now: Date, intervalMs: number): Promise<void> {
  await RatingGuardModel.updateOne({ ...id, key }, { $set: { until: new Date(now.getTime() + intervalMs) } });
}

/** The store's interval between two ratings of one subject from one device, in ms. */
export const intervalMsOf = (store: { minRatingIntervalMinutes?: number | null }) =>
  typeof store.minRatingIntervalMinutes === 'number'
    ? store.minRatingIntervalMinutes * 60_000
    : ANTI_GAMING.minIntervalMs;

/** The 429 for a device that rated this subject too recently, saying when it may rate again. */
export function ratedRecently(subject: Pick<RatingSubject, 'label'>, until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60000));
  return new AppError(
    'RATED_RECENTLY',
    `You have already rated ${subject.label} from this device. You can rate again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    429,
  );
}

/** Refuses a second rating of the same subject from the same device too soon (claim + refusal in one call). */
export async function enforceMinInterval(
  subject: RatingSubject,
  deviceHash: string,
  now: Date,
  key: string,
): Promise<void> {
  const claim = await claimMinInterval({ deviceHash, store: subject.store, staff: subject.staff }, now, key);
  if (!claim.claimed && claim.until) throw ratedRecently(subject, claim.until, now);
}

/** Gives the guard back when the rating that claimed it was not stored, so the device is not locked out for nothing. */
export async function releaseMinInterval(
  subject: Pick<RatingSubject, 'store' | 'staff'>,
  deviceHash: string,
  key: string,
): Promise<void> {
  await RatingGuardModel.deleteOne({ deviceHash, store: subject.store, staff: subject.staff, key });
}

/**
 * Flags the earlier members of a burst. Each is flipped by one conditional update that also records the owed
 * "take it out of the rollups" entry, so a rating already flagged or restored by a reviewer is left alone and its
 * contribution is taken out exactly once, even if the process dies before the rollup write.
 */
export async function flagEarlier(ids: Types.ObjectId[], reasons: string[]): Promise<number> {
  let flagged = 0;
  for (const _id of ids) {
    const after = await RatingModel.findOneAndUpdate(
      { _id, 'flag.suspicious': false },
      {
        $set: { 'flag.suspicious': true, 'flag.reasons': reasons },
        $push: { pending: rollupWork(-1, new Date()) },
      },
      { returnDocument: 'after' },
    ).lean<RatingDoc>();
    if (!after) continue;
    flagged += 1;
    await settleRatingRollups(after);
  }
  return flagged;
}
