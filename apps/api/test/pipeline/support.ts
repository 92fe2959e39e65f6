// Helpers for the fault tests: the rollup check (helpers/rollup-recount.ts), derived work still owed, the alert ledger.
import { FeedbackEventModel } from '../../src/modules/feedback/feedback-event.model';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';

export { expectRollupsEqualRecount } from '../helpers/rollup-recount';

/** Derived work still owed by any rating or event. */
export const owedCount = async () =>
  (await RatingModel.countDocuments({ 'pending.at': { $exists: true } })) +
  (await FeedbackEventModel.countDocuments({ 'pending.at': { $exists: true } }));

/** Alerts by their dedupe key: each must appear once. */
export async function alertKeys(): Promise<string[]> {
  const docs = await NotificationModel.find({}, { key: 1 }).lean();
  return docs.map((d) => d.key ?? '(none)').sort();
}
