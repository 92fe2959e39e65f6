// "Fire once" bookkeeping on the unique (rule, key) index: window episodes that re-arm, and one-off alerts.
import type { Types } from 'mongoose';
import { coalescedBulkWrite } from '../../lib/coalesce';
import { RuleStateModel } from './rule.model';

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

/**
 * Called with the window's verdict. Returns true once per episode: the first call that finds the condition holding
 * claims the (rule, key) row atomically; further calls see it active and stay silent; a call that finds the
 * condition no longer holding re-arms it (unless a later evaluation claimed it since). Safe across instances (the
 * claim is one upsert on a unique index). `by` names the evaluation (the rating): a retry of the one that claimed
 * the episode gets true again, so a crash between the claim and the delivery cannot lose the alert (the delivery
 * itself is deduplicated by its key).
 */
export async function episode(
  rule: Types.ObjectId,
  key: string,
  holds: boolean,
  at: Date,
  by: string | null = null,
): Promise<boolean> {
  if (!holds) {
    // the common verdict (nothing to re-arm, usually): with the other evaluations' waiting for the collection
    await coalescedBulkWrite(RuleStateModel, [
      {
        updateOne: {
          filter: { rule, key, active: true, at: { $lte: at } },
          update: { $set: { active: false, at } },
        },
      },
    ]);
    return false;
  }
  try {
    await RuleStateModel.updateOne(
      { rule, key, $or: by ? [{ active: false }, { by }] : [{ active: false }] },
      { $set: { active: true, at, by } },
      { upsert: true },
    );
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** True only for the first caller for this (rule, key), ever (keys carry their period, e.g. "2025-06:80"). */
export async function once(rule: Types.ObjectId, key: string, at: Date): Promise<boolean> {
  try {
    await RuleStateModel.create({ rule, key, active: false, at });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}
