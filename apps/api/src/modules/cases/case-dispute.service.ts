// A manager's ruling on the staff member's dispute: fair keeps the rating; unfair takes it out of that person's figures.
import { ZDisputeRulingSchema, type TCaseDetail, type TDisputeRuling } from '@cx/contracts';
import { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Access } from '../../tenancy/access';
import { RatingModel } from '../ratings/rating.model';
import { excludeFromStaffFigures } from '../ratings/staff-exclusion';
import { UserModel } from '../users/user.model';
import { findCaseInScope } from './case-access';
import { auditCase, pushHistory } from './case-history';
import { presentCaseDetail } from './case-present';
import { CaseModel, type CaseDoc } from './case.model';

export async function ruleDispute(
  access: Access,
  id: string,
  input: TDisputeRuling,
  now = new Date(),
): Promise<TCaseDetail> {
  const { ruling, note } = ZDisputeRulingSchema.parse(input);
  const doc = await findCaseInScope(access, id);
  const member = await UserModel.findById(access.userId, { fullname: 1 }).lean();
  const who = member?.fullname ?? 'A member';
  const summary =
    ruling === 'unfair'
      ? "Ruled the rating unfair: it leaves the staff member's figures"
      : 'Ruled the rating fair: it stays in the figures';
  const ruled = await CaseModel.findOneAndUpdate(
    { _id: doc._id, dispute: 'open' },
    {
      $set: { dispute: ruling, disputeBy: new Types.ObjectId(access.userId), disputeAt: now },
      $push: pushHistory({
        at: now,
        actor: who,
        action: 'dispute',
        summary: note ? `${summary} (${note})` : summary,
      }),
    },
    { returnDocument: 'after' },
  ).lean<CaseDoc>();
  if (!ruled) throw new AppError('NO_OPEN_DISPUTE', 'There is no open dispute on this case to rule on', 409);
  // After the ruling is stored: should this fail or the process die, the loop job finishes it (repairUnfairRulings).
  if (ruling === 'unfair' && ruled.rating) await excludeFromStaffFigures(ruled.rating, now);
  await auditCase(access, ruled, 'dispute', summary.toLowerCase(), {
    before: { dispute: 'open' },
    after: { dispute: ruling, ...(note ? { note } : {}) },
  });
  return presentCaseDetail(ruled, access, now);
}

/** Unfair rulings of the last week whose rating still counts for the person (a crash between the two writes). */
export async function repairUnfairRulings(now = new Date()): Promise<number> {
  const ruled = await CaseModel.find(
    {
      dispute: 'unfair',
      disputeAt: { $gte: new Date(now.getTime() - 7 * 86_400_000) },
      rating: { $ne: null },
    },
    { rating: 1 },
  )
    .limit(500)
    .lean();
  const owed = await RatingModel.find(
    { _id: { $in: ruled.map((c) => c.rating) }, kind: 'staff', staffExcluded: { $ne: true } },
    { _id: 1 },
  ).lean();
  let repaired = 0;
  for (const r of owed) {
    try {
      if ((await excludeFromStaffFigures(r._id, now)) === 'excluded') repaired += 1;
    } catch (err) {
      logger.warn(
        { err: String(err), rating: String(r._id) },
        'unfair ruling not applied yet; next run retries',
      );
    }
  }
  return repaired;
}
