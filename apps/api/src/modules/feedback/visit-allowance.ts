// The plan's tracked-visit allowance (spec §3, §9: up to 250,000): which visits count (one per device per store per
// day, none past a network's daily share) and the cap, summed per billing-period window from the visit rollups.
import type { Types } from 'mongoose';
import { localDay } from '../../lib/time';
import { reportVisitFlood } from '../notifications/suspicious-traffic';
import { TRACKED_VISITS_CAP } from '../plans/plans.catalog';
import { visitUsageOf } from '../plans/visit-usage';
import type { Fingerprint } from './fingerprint';
import { VisitCounterModel } from './visit-counter.model';

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

export const VISIT_RULES = {
  /** First visits of the day from one network to one store that still count (a shop's Wi-Fi sees far fewer). */
  networkPerStoreDay: 200,
} as const;

/** Why a stored visit does not count: the device's second visit today, a network's flood, or the plan's cap. */
export type UntrackedReason = 'repeat' | 'network' | 'allowance';
export type VisitVerdict = { tracked: true; reason: null } | { tracked: false; reason: UntrackedReason };

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;
/** A day's counters outlive every time zone's version of that day. */
const expiry = (now: Date) => new Date(now.getTime() + 2 * 24 * 3600 * 1000);

/** True the first time this key is claimed (one upsert; a racing twin's duplicate key means it was claimed). */
async function firstClaim(_id: string, now: Date): Promise<boolean> {
  try {
    const res = await VisitCounterModel.updateOne(
      { _id },
      { $setOnInsert: { expiresAt: expiry(now) } },
      { upsert: true },
    );
    return res.upsertedCount === 1;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** The network's first visits today at this store, this one included (atomic $inc; a racing insert retried once). */
async function countNetworkVisit(_id: string, now: Date): Promise<number> {
  const update = { $inc: { n: 1 }, $setOnInsert: { expiresAt: expiry(now) } };
  const options = { upsert: true, returnDocument: 'after' as const };
  try {
    return (await VisitCounterModel.findOneAndUpdate({ _id }, update, options).lean())?.n ?? 1;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return (await VisitCounterModel.findOneAndUpdate({ _id }, update, options).lean())?.n ?? 1;
  }
}

interface VisitedStore {
  _id: Types.ObjectId;
  business: Types.ObjectId;
  name: string;
  timeZone: string;
}

/**
 * Whether a visit (already accepted) counts toward the plan's tracked visits: a device's first visit to the store
 * this store-local day, while its network has sent at most `networkPerStoreDay` such first visits, within the cap.
 * The visit one past a network's share reports the flood to the owner (once per store per day).
 */
export async function takeVisit(store: VisitedStore, fp: Fingerprint, now: Date): Promise<VisitVerdict> {
  // An enrolled kiosk is one tablet that each customer starts a new visit on: every one of its visits counts.
  if (fp.kiosk) return (await takeVisitAllowance(store.business, now.getTime())) ? counted : overCap;
  const day = localDay(now, store.timeZone);
  if (!(await firstClaim(`device|${String(store._id)}|${day}|${fp.deviceHash}`, now)))
    return { tracked: false, reason: 'repeat' };
  const n = await countNetworkVisit(`network|${String(store._id)}|${day}|${fp.networkHash}`, now);
  const limit = VISIT_RULES.networkPerStoreDay;
  if (n > limit) {
    if (n === limit + 1) await reportVisitFlood({ business: store.business, store, day, limit, at: now });
    return { tracked: false, reason: 'network' };
  }
  return (await takeVisitAllowance(store.business, now.getTime())) ? counted : overCap;
}
const counted: VisitVerdict = { tracked: true, reason: null };
const overCap: VisitVerdict = { tracked: false, reason: 'allowance' };
