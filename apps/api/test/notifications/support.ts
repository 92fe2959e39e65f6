// Helpers for the notification tests: accept a rating as the submit does (rollups, then rules) at a chosen instant.
import type { Types } from 'mongoose';
import type { TRuleType } from '@cx/contracts';
import { recordRatingInRollups } from '../../src/modules/analytics/rollup.service';
import { evaluateRating } from '../../src/modules/notifications/evaluate';
import { NotificationModel, type NotificationDoc } from '../../src/modules/notifications/notification.model';
import { RuleModel } from '../../src/modules/notifications/rule.model';
import { ensureDefaultRules } from '../../src/modules/notifications/rules.service';
import type { RatingDoc } from '../../src/modules/ratings/rating.model';
import { makeRating } from '../factories';
import type { Shop } from '../feedback/support';

/** Yesterday at the top of this hour: recent enough that the 90-day TTL never removes what a test just made. */
export const T0 = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 24 * 3_600_000);
export const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** Stores a rating, rolls it up unless flagged, and runs the rules for it (awaited, unlike the real fan-out). */
export async function accept(
  shop: Shop,
  o: {
    score: number;
    minutes?: number;
    staff?: { _id: Types.ObjectId };
    comment?: string;
    flagged?: boolean;
  },
): Promise<void> {
  const createdAt = at(o.minutes ?? 0);
  const rating = (await makeRating(shop.store, {
    score: o.score,
    createdAt,
    kind: o.staff ? 'staff' : 'experience',
    staff: o.staff?._id ?? null,
    comment: o.comment ?? '',
    flag: { suspicious: !!o.flagged, reasons: o.flagged ? ['test burst'] : [] },
  })) as RatingDoc;
  if (!o.flagged) {
    await recordRatingInRollups({ ...rating, business: shop.store.business, store: shop.store._id });
  }
  await evaluateRating({ rating, store: shop.store, flagged: !!o.flagged }, createdAt);
}

/** Only this rule on (defaults created, then switched off), so a test counts exactly its own alerts. */
export async function onlyRule(
  business: string,
  rule: { type: TRuleType; stores?: Types.ObjectId[]; email?: boolean } & Record<string, unknown>,
) {
  await ensureDefaultRules(business);
  await RuleModel.updateMany({ business }, { $set: { enabled: false } });
  const { type, stores = [], email = false, ...params } = rule;
  return RuleModel.create({ business, type, stores, email, enabled: true, params });
}

export const alertsOf = (business: string, type?: TRuleType) =>
  NotificationModel.find({ business, ...(type ? { type } : {}) })
    .sort({ createdAt: 1 })
    .lean<NotificationDoc[]>();
