// The plan's tracked-visit allowance (spec §3, §9: up to 250,000), counted per billing-period window from the visit
// rollups (plans module) with a short cache.
import type { Types } from 'mongoose';
import { TRACKED_VISITS_CAP } from '../plans/plans.catalog';
import { visitUsageOf } from '../plans/visit-usage';

export { TRACKED_VISITS_CAP };
const CACHE_MS = 60_000;

const cache = new Map<string, { count: number; at: number }>();

/**
 * Whether one more visit still counts in the business's current allowance window, and counts it in the cache. The
 * window and sum are re-read at most once a minute per business, so a few visits past the cap (or across a window
 * boundary) may count under a burst: billing-grade precision is not needed for a cap, and a QR open must stay one
 * cheap request.
 */
export async function takeVisitAllowance(business: Types.ObjectId, nowMs = Date.now()): Promise<boolean> {
  const key = String(business);
  let entry = cache.get(key);
  if (!entry || nowMs - entry.at > CACHE_MS) {
    const usage = await visitUsageOf(business, new Date(nowMs));
    entry = { count: usage.used, at: nowMs };
    cache.set(key, entry);
  }
  if (entry.count >= TRACKED_VISITS_CAP) return false;
  entry.count += 1;
  return true;
}

/** Tests: forget cached counts. */
export function resetVisitAllowanceCache(): void {
  cache.clear();
}
