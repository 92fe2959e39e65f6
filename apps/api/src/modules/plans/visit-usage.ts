// The tracked-visit allowance window of a business and its use, read from the visit rollups (never raw events).
import { DateTime } from 'luxon';
import mongoose, { type Types } from 'mongoose';
import { READ_BATCH } from '../../lib/batches';
import { RollupModel } from '../analytics/rollup.model';
import { BusinessModel } from '../../tenancy/business.model';
import { TRACKED_VISITS_CAP } from './plans.catalog';

export interface AllowanceWindow {
  /** First and last counted day (YYYY-MM-DD, inclusive) in the business's time zone. */
  from: string;
  to: string;
}

interface BillingFacts {
  subscriptionStatus?: string | null;
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
  trialEndsAt?: Date | null;
  createdAt?: Date | null;
  timeZone?: string | null;
}

const TRIAL_DAYS = 14;

/**
 * A month-long slice of the billing period containing `now`, anchored on the period start (a monthly plan's slice
 * is its period; a 12-month plan resets monthly on its billing day). A running trial counts from its start; a
 * business without a running subscription or trial falls back to the calendar month.
 */
export function allowanceWindow(business: BillingFacts, now = new Date()): AllowanceWindow {
  const zone = business.timeZone ?? 'UTC';
  const at = DateTime.fromJSDate(now, { zone });
  let anchor: DateTime | null = null;
  let limit: DateTime | null = null;
  const running = ['active', 'past_due'].includes(business.subscriptionStatus ?? '');
  if (running && business.currentPeriodStart) {
    anchor = DateTime.fromJSDate(business.currentPeriodStart, { zone });
    limit = business.currentPeriodEnd ? DateTime.fromJSDate(business.currentPeriodEnd, { zone }) : null;
  } else if (
    business.subscriptionStatus === 'trialing' &&
    business.trialEndsAt &&
    business.trialEndsAt > now
  ) {
    limit = DateTime.fromJSDate(business.trialEndsAt, { zone });
    anchor = limit.minus({ days: TRIAL_DAYS });
  }
  if (!anchor || anchor > at) {
    return { from: at.startOf('month').toISODate()!, to: at.endOf('month').toISODate()! };
  }
  const months = Math.max(0, Math.floor(at.diff(anchor, 'months').months));
  const start = anchor.plus({ months });
  let end = anchor.plus({ months: months + 1 });
  if (limit && limit < end && limit > start) end = limit;
  return { from: start.toISODate()!, to: end.minus({ days: 1 }).toISODate()! };
}

export async function trackedVisitsIn(
  business: Types.ObjectId | string,
  window: AllowanceWindow,
): Promise<number> {
  const [row] = await RollupModel.aggregate<{ n: number }>([
    {
      $match: {
        business: new mongoose.Types.ObjectId(String(business)),
        metric: 'visit',
        staff: null,
        day: { $gte: window.from, $lte: window.to },
      },
    },
    { $group: { _id: null, n: { $sum: '$count' } } },
  ]);
  return row?.n ?? 0;
}

/**
 * Tracked visits of many businesses, each in its own window, in one aggregation: businesses sharing a window (the
 * calendar month, or the same billing day) share one indexed clause, and the sum is grouped by business.
 */
export async function trackedVisitsByBusiness(
  windows: Map<string, AllowanceWindow>,
): Promise<Map<string, number>> {
  const used = new Map<string, number>();
  if (windows.size === 0) return used;
  const businesses = new Map<string, { window: AllowanceWindow; ids: mongoose.Types.ObjectId[] }>();
  for (const [business, window] of windows) {
    const key = `${window.from}:${window.to}`;
    const entry = businesses.get(key) ?? { window, ids: [] };
    entry.ids.push(new mongoose.Types.ObjectId(business));
    businesses.set(key, entry);
  }
  const clauses = [...businesses.values()].map(({ window, ids }) => ({
    business: { $in: ids },
    day: { $gte: window.from, $lte: window.to },
  }));
  // The outer business list and day span let a planner use the (business, metric, day) index whatever it makes
  // of $or.
  const all = [...windows.values()];
  const span = {
    business: { $in: clauses.flatMap((c) => c.business.$in) },
    day: {
      $gte: all.reduce((a, w) => (w.from < a ? w.from : a), all[0]!.from),
      $lte: all.reduce((a, w) => (w.to > a ? w.to : a), all[0]!.to),
    },
  };
  const rows = await RollupModel.aggregate<{ _id: mongoose.Types.ObjectId; n: number }>([
    { $match: { ...span, metric: 'visit', staff: null, ...(clauses.length > 1 ? { $or: clauses } : {}) } },
    { $group: { _id: '$business', n: { $sum: '$count' } } },
  ]).option({ batchSize: READ_BATCH });
  for (const row of rows) used.set(String(row._id), row.n);
  return used;
}

/** The business fields allowanceWindow reads (billing lives on the business, the tenant, not on its owner). */
export const BILLING_FIELDS =
  'subscriptionStatus currentPeriodStart currentPeriodEnd trialEndsAt createdAt timeZone';

/** The window and its use for one business; the feedback module asks this before counting a visit. */
export async function visitUsageOf(business: Types.ObjectId | string, now = new Date()) {
  const billing = await BusinessModel.findById(business).select(BILLING_FIELDS).lean();
  const window = allowanceWindow(billing ?? {}, now);
  const used = await trackedVisitsIn(business, window);
  return { ...window, used, cap: TRACKED_VISITS_CAP, atCap: used >= TRACKED_VISITS_CAP };
}
