// Delivers one alert to its member: stores the notification (escaped HTML), pushes it to their sessions, emails it.
import type { Types } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { REALTIME_EVENTS, type TAlertWords, type TNotification } from '@cx/contracts';
import { env } from '../../config/env';
import { logger } from '../../lib/logger';
import { escapeHtml, sendMailInBackground } from '../../lib/mailer';
import { publishToUser } from '../../lib/realtime';
import { NotificationModel, type NotificationDoc, type TNotificationType } from './notification.model';
import type { Access } from '../../tenancy/access';
import { mailTargetOf, mayReceive, quietSettingsOf, recipientAccess } from './recipients';
import { publishAlerts } from './alert-events';
import { fanOutAlert, type FanOut } from '../alerts/fan-out';

/** Rule alerts (not summaries) can be acknowledged: a nonce signs their link; null for the others. */
export const ackNonceFor = (alert: Pick<Alert, 'rule' | 'type'>): string | null =>
  alert.rule && alert.type !== 'summary' ? randomBytes(16).toString('base64url') : null;

/** Every value an alert names is escaped here, so a store name or comment holding HTML arrives as text. */
export const htmlWords: TAlertWords = { em: (s) => `<strong>${escapeHtml(s)}</strong>` };
export const textWords: TAlertWords = { em: (s) => s };

export function toNotification(doc: NotificationDoc): TNotification {
  return {
    _id: String(doc._id),
    message: doc.message,
    image: doc.image ?? null,
    createdAt: doc.createdAt.toISOString(),
    isUnRead: doc.isUnRead,
    // Only rule alerts carry these, so a notice keeps exactly the spec's fields.
    ...(doc.ackNonce
      ? {
          acknowledgeable: true,
          acknowledgement: doc.acknowledgedAt
            ? { by: doc.acknowledgedByName ?? 'someone', at: doc.acknowledgedAt.toISOString() }
            : null,
        }
      : {}),
  };
}

import { inQuietHours } from './quiet-hours';

export { inQuietHours };

export interface Alert {
  business: Types.ObjectId | string;
  /** The member the alert is for (the rule's); null is the business's owner. */
  user?: Types.ObjectId | string | null;
  /** The store the alert is about: only a member covering it receives it. */
  store?: Types.ObjectId | string | null;
  rule: Types.ObjectId | null;
  type: TNotificationType;
  /** Builds the message from values; called with HTML words (escaped) and plain-text words (email text). */
  build: (w: TAlertWords) => string;
  image?: string | null;
  email: boolean;
  subject: string;
  at?: Date;
  /** Deduplication key: a second delivery with the same key stores, pushes and mails nothing. */
  key?: string;
  /** A richer email than the one-line alert (summaries); sent at its scheduled hour, quiet hours or not. */
  mail?: { html: string; text: string };
  /** The rating it is about (the link back to the timeline). */
  rating?: Types.ObjectId | string | null;
  /** An escalation notice: the alert it escalates. */
  escalationOf?: Types.ObjectId | null;
}

export function alertMail(to: string, subject: string, html: string, text: string) {
  const link = `${env.PUBLIC_WEB_URL}/dashboard`;
  return {
    to,
    subject,
    text: `${text}\n\nOpen the dashboard: ${link}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c"><p>${html}</p>
<p><a href="${escapeHtml(link)}">Open the dashboard</a></p></body></html>`,
    devPreview: { link },
  };
}

/** Email goes out unless the member's quiet hours (their time zone) are on; in-app always. */
async function maybeEmail(
  alert: Alert,
  to: Access,
  html: string,
  text: string,
  at: Date,
  fan: FanOut | null,
): Promise<void> {
  if (!alert.email) return;
  // A rule alert's email carries its acknowledge link; during quiet hours fan-out queued it for their end.
  if (fan) {
    if (fan.heldUntil) return;
    const user = await mailTargetOf(to.userId);
    if (!user) return;
    const mail = alertMail(user.email, alert.subject, html, text);
    sendMailInBackground({
      ...mail,
      text: `${mail.text}Acknowledge this alert: ${fan.ackUrl}\n`,
      html: mail.html.replace(
        '</body>',
        `<p><a href="${escapeHtml(fan.ackUrl)}">Acknowledge this alert</a></p></body>`,
      ),
    });
    return;
  }
  const [user, settings] = await Promise.all([mailTargetOf(to.userId), quietSettingsOf(to)]);
  if (!user) return;
  if (alert.mail) {
    sendMailInBackground({ to: user.email, subject: alert.subject, ...alert.mail, devPreview: {} });
    return;
  }
  const quiet = settings?.quietHours;
  if (quiet && inQuietHours(quiet, at, user.timeZone ?? 'UTC')) {
    logger.debug(
      { business: String(alert.business), type: alert.type },
      'alert email held back: quiet hours',
    );
    return;
  }
  sendMailInBackground(alertMail(user.email, alert.subject, html, text));
}

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

/**
 * Stores, pushes and mails one alert to its member; with a key already delivered, answers the stored one and sends
 * nothing. The membership is read now: a member who was removed, or no longer covers the store, gets nothing (null).
 */
export async function deliver(alert: Alert): Promise<TNotification | null> {
  const recipient = await recipientAccess(alert.business, alert.user);
  if (!recipient || !mayReceive(recipient, { type: alert.type, store: alert.store })) return null;
  const at = alert.at ?? new Date();
  const html = alert.build(htmlWords);
  const text = alert.build(textWords);
  let doc;
  try {
    doc = await NotificationModel.create({
      business: alert.business,
      user: recipient.userId,
      rule: alert.rule,
      type: alert.type,
      message: html,
      text,
      image: alert.image ?? null,
      createdAt: at,
      key: alert.key,
      store: alert.store ?? null,
      rating: alert.rating ?? null,
      ackNonce: ackNonceFor(alert),
      escalationOf: alert.escalationOf ?? null,
    });
  } catch (err) {
    const first =
      alert.key && isDuplicateKey(err) ? await NotificationModel.findOne({ key: alert.key }).lean() : null;
    if (!first) throw err;
    // A retried evaluation: queue the posts again (idempotent), in case the first run stopped before it.
    await fanOutAlert(first as NotificationDoc, { recipient, subject: alert.subject, email: alert.email });
    return toNotification(first as NotificationDoc);
  }
  const stored = doc.toObject() as NotificationDoc;
  const notification = toNotification(stored);
  await publishAlerts([{ doc: stored, store: alert.store }]);
  publishToUser(recipient.userId, REALTIME_EVENTS.notification, notification);
  const fan = await fanOutAlert(stored, { recipient, subject: alert.subject, email: alert.email });
  await maybeEmail(alert, recipient, html, text, at, fan).catch((err: unknown) =>
    logger.error({ err, type: alert.type }, 'alert email failed'),
  );
  return notification;
}
