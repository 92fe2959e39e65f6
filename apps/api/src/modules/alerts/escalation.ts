// Escalation: a rule alert nobody acknowledged in time goes once to the rule's second person or the owner.
import { logger } from '../../lib/logger';
import { NotificationModel, type NotificationDoc } from '../notifications/notification.model';
import { deliver, htmlWords } from '../notifications/notify';
import { RuleModel } from '../notifications/rule.model';

const BATCH = 200;

/** One alert: the notice first (deduplicated by its key, so a crash before the mark re-sends nothing), then the mark. */
async function escalate(alert: NotificationDoc, now: Date): Promise<boolean> {
  const rule = alert.rule
    ? await RuleModel.findById(alert.rule, { escalation: 1, email: 1 }).lean<{
        escalation?: { afterMinutes: number; to: string } | null;
      }>()
    : null;
  const to = rule?.escalation?.to;
  if (to) {
    const notice = (user: string | null) =>
      deliver({
        key: `escalation:${String(alert._id)}`,
        business: alert.business,
        user,
        store: alert.store,
        rule: alert.rule ?? null,
        rating: alert.rating,
        escalationOf: alert._id,
        type: alert.type,
        email: true,
        subject: `Not acknowledged after ${rule.escalation!.afterMinutes} minutes`,
        at: now,
        // The original's message is already escaped HTML (and its plain-text twin for email).
        build: (w) =>
          `${w.em(`Not acknowledged after ${rule.escalation!.afterMinutes} minutes`)}: ${
            w === htmlWords ? alert.message : alert.text
          }`,
      });
    // A member who left, or no longer covers the store, is replaced by the owner.
    const sent = (await notice(to === 'owner' ? null : to)) ?? (to === 'owner' ? null : await notice(null));
    if (!sent) logger.warn({ alert: String(alert._id) }, 'escalation had nobody to go to');
  }
  const res = await NotificationModel.updateOne(
    { _id: alert._id, escalatedAt: null },
    { $set: { escalatedAt: now, escalateAt: null } },
  );
  return res.modifiedCount === 1 && !!to;
}

/** The job: every alert whose escalation is due and that nobody acknowledged; returns how many were escalated. */
export async function escalateDueAlerts(now: Date = new Date()): Promise<number> {
  const due = await NotificationModel.find({
    escalateAt: { $lte: now },
    escalatedAt: null,
    acknowledgedAt: null,
  })
    .sort({ escalateAt: 1 })
    .limit(BATCH)
    .lean<NotificationDoc[]>();
  let escalated = 0;
  for (const alert of due) {
    try {
      if (await escalate(alert, now)) escalated++;
    } catch (err) {
      logger.error({ err, alert: String(alert._id) }, 'escalation failed; retried next run');
    }
  }
  return escalated;
}
