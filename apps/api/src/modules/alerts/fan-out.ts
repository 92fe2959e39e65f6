// When a rule's alert is stored: its channel posts and held member email go to the outbox, its escalation is timed.
import type { Types } from 'mongoose';
import { env } from '../../config/env';
import type { Access } from '../../tenancy/access';
import { NotificationModel, type NotificationDoc } from '../notifications/notification.model';
import { inQuietHours, quietHoursEnd } from '../notifications/quiet-hours';
import { coalescedRead } from '../../lib/coalesce';
import { mailTargetOf, quietSettingsOf } from '../notifications/recipients';
import { RuleModel } from '../notifications/rule.model';
import { ackUrl } from './acknowledge';
import { AlertChannelModel } from './alerts.model';
import { enqueueDeliveries } from './outbox';
import type { AlertPost } from './payloads';

export interface FanOut {
  /** The member's quiet hours hold the alert's posts and email until then (null: now). */
  heldUntil: Date | null;
  ackUrl: string;
  post: AlertPost;
}

/** The rating on the CX Feedback Timeline, or the dashboard for an alert about no one rating. */
export function alertLink(doc: Pick<NotificationDoc, 'store' | 'rating'>): {
  link: string;
  linkLabel: string;
} {
  if (!doc.rating) return { link: `${env.PUBLIC_WEB_URL}/dashboard`, linkLabel: 'Open the dashboard' };
  const q = new URLSearchParams({
    ...(doc.store ? { store: String(doc.store) } : {}),
    rating: String(doc.rating),
  });
  return { link: `${env.PUBLIC_WEB_URL}/customers-feedback?${q.toString()}`, linkLabel: 'Open the rating' };
}

/**
 * Idempotent (rows keyed by the alert, the escalation time set only once), so deliver() calls it again when a retried
 * evaluation finds the alert already stored: a crash between storing and queueing loses no post.
 */
export async function fanOutAlert(
  doc: NotificationDoc,
  o: { recipient: Access; subject: string; email: boolean },
): Promise<FanOut | null> {
  if (!doc.ackNonce || !doc.rule) return null;
  const [rule, user, settings] = await Promise.all([
    // a rule alerting often: its concurrent alerts share the read (read-only)
    coalescedRead(`rule-fan-out:${String(doc.rule)}`, () =>
      RuleModel.findById(doc.rule, { channels: 1, urgent: 1, escalation: 1 }).lean<{
        channels?: Types.ObjectId[];
        urgent?: boolean;
        escalation?: { afterMinutes: number; to: string } | null;
      }>(),
    ),
    mailTargetOf(o.recipient.userId),
    quietSettingsOf(o.recipient),
  ]);
  const quiet = settings?.quietHours;
  const zone = user?.timeZone ?? 'UTC';
  const heldUntil =
    !rule?.urgent && quiet && inQuietHours(quiet, doc.createdAt, zone)
      ? quietHoursEnd(quiet, doc.createdAt, zone)
      : null;
  const post: AlertPost = {
    title: o.subject,
    text: doc.text,
    context: `CX Journey alert · ${doc.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ...alertLink(doc),
    ackUrl: ackUrl(String(doc._id), doc.ackNonce),
  };
  const channels = rule?.channels?.length
    ? await AlertChannelModel.find({ _id: { $in: rule.channels }, business: doc.business }).lean()
    : [];
  const memberEmail = o.email && heldUntil && user ? [{ kind: 'email' as const, emails: [user.email] }] : [];
  await enqueueDeliveries({
    business: doc.business,
    notification: doc._id,
    key: `alert:${String(doc._id)}`,
    channels: [...channels, ...memberEmail],
    post,
    notBefore: heldUntil ?? doc.createdAt,
  });
  if (rule?.escalation && !doc.escalationOf) {
    // Counted from when the member could first see it (after their quiet hours, unless urgent).
    const due = new Date((heldUntil ?? doc.createdAt).getTime() + rule.escalation.afterMinutes * 60_000);
    await NotificationModel.updateOne(
      { _id: doc._id, escalateAt: null, escalatedAt: null, acknowledgedAt: null },
      { $set: { escalateAt: due } },
    );
  }
  return { heldUntil, ackUrl: post.ackUrl!, post };
}
