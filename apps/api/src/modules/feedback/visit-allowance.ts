// The plan's tracked-visit allowance (spec §3: up to 250,000 a month), read from the visit rollups with a short cache.
import type { Types } from 'mongoose';
import { RollupModel } from '../analytics/rollup.model';

export const TRACKED_VISITS_PER_MONTH = 250_000;
const CACHE_MS = 60_000;

const cache = new Map<string, { month: string; count: number; at: number }>();

async function countFromRollups(owner: Types.ObjectId, month: string): Promise<number> {
  const [row] = await RollupModel.aggregate<{ n: number }>([
    { $match: { owner, metric: 'visit', staff: null, day: { $gte: `${month}-01`, $lte: `${month}-31` } } },
    { $group: { _id: null, n: { $sum: '$count' } } },
  ]);
  return row?.n ?? 0;
}

/**
 * Whether one more visit still counts this month, and counts it in the cache. The sum is re-read at most once a
 * minute per business, so a few visits past the cap may count under a burst: billing-grade precision is not needed
 * for a cap, and a QR open must stay one cheap request.
 */
export async function takeVisitAllowance(
  owner: Types.ObjectId,
  month: string,
  nowMs = Date.now(),
): Promise<boolean> {
  const key = String(owner);
  let entry = cache.get(key);
  if (!entry || entry.month !== month || nowMs - entry.at > CACHE_MS) {
    entry = { month, count: await countFromRollups(owner, month), at: nowMs };
    cache.set(key, entry);
  }
  if (entry.count >= TRACKED_VISITS_PER_MONTH) return false;
  entry.count += 1;
  return true;
}

/** Tests: forget cached counts. */
export function resetVisitAllowanceCache(): void {
  cache.clear();
}
