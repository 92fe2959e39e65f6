// The scheduler's tracked-visit allowance pass: every business with the rule on, read and alerted a batch at a time.
import { Types } from 'mongoose';
import { JOB_BATCH_SIZE, READ_BATCH } from '../../lib/batches';
import { BusinessModel } from '../../tenancy/business.model';
import { TRACKED_VISITS_CAP } from '../plans/plans.catalog';
import {
  BILLING_FIELDS,
  allowanceWindow,
  trackedVisitsByBusiness,
  type AllowanceWindow,
} from '../plans/visit-usage';
import { deliverAll, forEachRulePage } from './deliver-batch';
import type { RuleDoc } from './rule.model';
import { allowanceNotificationKey, crossedThresholds, visitAllowanceAlert } from './visit-allowance-alert';

interface Crossing {
  rule: RuleDoc;
  percent: number;
  used: number;
  window: AllowanceWindow;
}

/**
 * One batch of visit-allowance rules: the businesses' billing facts (one read), each business's window and its
 * visits (one aggregation), then the 80 % / 100 % thresholds crossed, delivered together (one insert). Each alert's
 * notification key is its claim, the same key as the rating-time check in evaluate.ts, so whichever sends first, it
 * is sent once.
 */
async function checkBatch(rules: RuleDoc[], now: Date): Promise<number> {
  const businesses = [...new Set(rules.map((r) => String(r.business)))].map((id) => new Types.ObjectId(id));
  // The business's own billing period and zone, as the rating-time check reads them: the same window, the same key.
  const billing = await BusinessModel.find({ _id: { $in: businesses } })
    .select(BILLING_FIELDS)
    .batchSize(READ_BATCH)
    .lean();
  const windows = new Map(billing.map((b) => [String(b._id), allowanceWindow(b, now)]));
  const used = await trackedVisitsByBusiness(windows);
  const crossings: Crossing[] = [];
  for (const rule of rules) {
    const window = windows.get(String(rule.business));
    if (!window) continue;
    const n = used.get(String(rule.business)) ?? 0;
    for (const percent of crossedThresholds(n, TRACKED_VISITS_CAP))
      crossings.push({ rule, percent, used: n, window });
  }
  const alerts = crossings.map(({ rule, percent, used: n, window }) => ({
    ...visitAllowanceAlert(rule, { percent, used: n, allowance: TRACKED_VISITS_CAP }, now),
    key: allowanceNotificationKey(rule, window.from, percent),
  }));
  return deliverAll(alerts);
}

/**
 * The scheduler's allowance pass: catches businesses whose visits crossed a threshold without a rating since.
 * Returns how many alerts it sent.
 */
export function checkAllVisitAllowances(now = new Date(), batchSize = JOB_BATCH_SIZE): Promise<number> {
  return forEachRulePage(
    'visit-allowance',
    { business: 1, user: 1, email: 1 },
    (rules) => checkBatch(rules, now),
    batchSize,
  );
}
