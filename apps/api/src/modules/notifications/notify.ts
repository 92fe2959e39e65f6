// Delivers one alert: stores the notification (HTML from escaped values), pushes it to every open session, emails it.
import { DateTime } from 'luxon';
import type { Types } from 'mongoose';
import { REALTIME_EVENTS, type TAlertWords, type TNotification, type TRuleType } from '@cx/contracts';
import { env } from '../../config/env';
import { logger } from '../../lib/logger';
import { escapeHtml, sendMailInBackground } from '../../lib/mailer';
import { publishToUser } from '../../lib/realtime';
import { UserModel } from '../users/user.model';
import { NotificationModel, type NotificationDoc } from './notification.model';
import { NotificationSettingsModel } from './rule.model';

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
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the local time falls inside [start, end); a window past midnight (22:00–07:00) wraps. */
export function inQuietHours(
  q: { enabled: boolean; start: string; end: string },
  at: Date,
  timeZone: string,
): boolean {
  if (!q.enabled) return false;
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  const now = local.hour * 60 + local.minute;
  const [start, end] = [minutesOf(q.start), minutesOf(q.end)];
  return start < end ? now >= start && now < end : now >= start || now < end;
}

export interface Alert {
  business: Types.ObjectId | string;
  rule: Types.ObjectId | null;
  type: TRuleType;
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

/** Email goes out unless quiet hours (business's time zone) are on; in-app always. */
async function maybeEmail(alert: Alert, html: string, text: string, at: Date): Promise<void> {
  if (!alert.email) return;
  const [user, settings] = await Promise.all([
    UserModel.findById(alert.business, { email: 1, timeZone: 1 }).lean(),
    NotificationSettingsModel.findOne({ business: alert.business }, { quietHours: 1 }).lean(),
  ]);
  if (!user) return;
  if (alert.mail) {
    sendMailInBackground({ to: user.email, subject: alert.subject, ...alert.mail, devPreview: {} });
    return;
  }
  const quiet = settings?.quietHours;
  if (quiet && inQuietHours(quiet, at, user.timeZone ?? 'UTC')) {
    logger.debug({ business: String(alert.business), type: alert.type }, 'alert email held back: quiet hours');
    return;
  }
  sendMailInBackground(alertMail(user.email, alert.subject, html, text));
}

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

/** Stores, pushes and mails one alert; with a key already delivered, answers the stored one and sends nothing. */
export async function deliver(alert: Alert): Promise<TNotification> {
  const at = alert.at ?? new Date();
  const html = alert.build(htmlWords);
  const text = alert.build(textWords);
  let doc;
  try {
    doc = await NotificationModel.create({
      business: alert.business,
      rule: alert.rule,
      type: alert.type,
      message: html,
      text,
      image: alert.image ?? null,
      createdAt: at,
      key: alert.key,
    });
  } catch (err) {
    const first =
      alert.key && isDuplicateKey(err) ? await NotificationModel.findOne({ key: alert.key }).lean() : null;
    if (!first) throw err;
    return toNotification(first as NotificationDoc);
  }
  const notification = toNotification(doc.toObject() as NotificationDoc);
  publishToUser(String(alert.business), REALTIME_EVENTS.notification, notification);
  await maybeEmail(alert, html, text, at).catch((err: unknown) =>
    logger.error({ err, type: alert.type }, 'alert email failed'),
  );
  return notification;
}
