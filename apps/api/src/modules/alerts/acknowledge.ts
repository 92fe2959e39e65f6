// Acknowledging an alert: in the app by its member, or by the signed single-use link in its email and chat posts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DateTime } from 'luxon';
import mongoose from 'mongoose';
import type { TAcknowledgeResult } from '@cx/contracts';
import { env } from '../../config/env';
import { publishBusinessEvents } from '../../lib/business-events';
import { AppError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Access } from '../../tenancy/access';
import { NotificationModel, type NotificationDoc } from '../notifications/notification.model';
import { mine } from '../notifications/recipients';
import { UserModel } from '../users/user.model';

/** A key of its own, derived from the app secret, so an acknowledge signature is good for nothing else. */
const key = () => createHmac('sha256', env.JWT_SECRET).update('alert-acknowledge-link').digest();
const sign = (id: string, nonce: string) =>
  createHmac('sha256', key()).update(`${id}.${nonce}`).digest('base64url');

/** `<alert id>.<HMAC over id + the alert's stored nonce>`: the same on every retry of a post, unforgeable. */
export const ackToken = (id: string, nonce: string) => `${id}.${sign(id, nonce)}`;
export const ackUrl = (id: string, nonce: string) =>
  `${env.PUBLIC_WEB_URL}/alerts/acknowledge?${new URLSearchParams({ token: ackToken(id, nonce) }).toString()}`;

const invalidLink = () =>
  new AppError('INVALID_LINK', 'This acknowledge link is not valid', 400, {
    token: ['This acknowledge link is not valid'],
  });

const when = (at: Date) => DateTime.fromJSDate(at, { zone: 'UTC' }).toFormat("d LLL yyyy, HH:mm 'UTC'");

function result(doc: NotificationDoc, acknowledged: boolean): TAcknowledgeResult {
  const by = doc.acknowledgedByName ?? 'someone';
  const at = doc.acknowledgedAt ?? new Date();
  return {
    acknowledged,
    message: acknowledged ? 'Alert acknowledged' : `Already acknowledged by ${by} at ${when(at)}`,
    acknowledgement: { by, at: at.toISOString() },
  };
}

/**
 * Marks the alert (and its escalation, or the alert it escalates) acknowledged if nobody has; atomic per document.
 * Returns the stored alert and whether this call was the one that acknowledged it.
 */
async function markAcknowledged(
  doc: NotificationDoc,
  by: { user: string | null; name: string },
  via: 'app' | 'link',
  now: Date,
): Promise<{ doc: NotificationDoc; acknowledged: boolean }> {
  const set = {
    acknowledgedAt: now,
    acknowledgedBy: by.user ? new mongoose.Types.ObjectId(by.user) : null,
    acknowledgedByName: by.name,
    ackVia: via,
  };
  const after = await NotificationModel.findOneAndUpdate(
    { _id: doc._id, acknowledgedAt: null },
    { $set: set },
    { returnDocument: 'after' },
  ).lean<NotificationDoc>();
  if (!after) {
    const current = await NotificationModel.findById(doc._id).lean<NotificationDoc>();
    return { doc: current ?? doc, acknowledged: false };
  }
  // The escalation and its alert are one matter: acknowledging either closes both.
  const linked = doc.escalationOf ? { _id: doc.escalationOf } : { escalationOf: doc._id };
  await NotificationModel.updateMany({ ...linked, acknowledgedAt: null }, { $set: set });
  await publishBusinessEvents([
    {
      id: `alert.acknowledged:${String(doc._id)}`,
      type: 'alert.acknowledged',
      business: String(doc.business),
      store: doc.store ? String(doc.store) : null,
      at: now,
      data: {
        alert: String(doc._id),
        rule: doc.rule ? String(doc.rule) : null,
        type: doc.type,
        acknowledgedBy: by.name,
        acknowledgedAt: now.toISOString(),
        via,
      },
    },
  ]).catch((err: unknown) =>
    logger.error({ err, alert: String(doc._id) }, 'alert.acknowledged not published'),
  );
  return { doc: after, acknowledged: true };
}

/** In the app: the member's own alert only (another member's or business's is 404). */
export async function acknowledgeInApp(
  access: Access,
  id: string,
  now = new Date(),
): Promise<TAcknowledgeResult> {
  const doc = await NotificationModel.findOne({ _id: id, ...mine(access) }).lean<NotificationDoc>();
  if (!doc || !doc.ackNonce) throw notFound('Alert');
  const user = await UserModel.findById(access.userId, { fullname: 1 }).lean();
  const out = await markAcknowledged(
    doc,
    { user: access.userId, name: user?.fullname ?? 'A member' },
    'app',
    now,
  );
  return result(out.doc, out.acknowledged);
}

/** By the link: the signature must match the alert's nonce, and the link works once. */
export async function acknowledgeByLink(token: string, now = new Date()): Promise<TAcknowledgeResult> {
  const [id, sig, extra] = token.split('.');
  if (!id || !sig || extra !== undefined || !/^[0-9a-f]{24}$/i.test(id)) throw invalidLink();
  const doc = await NotificationModel.findById(id).lean<NotificationDoc>();
  if (!doc?.ackNonce) throw invalidLink();
  const expected = Buffer.from(sign(id, doc.ackNonce));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidLink();
  const first = await NotificationModel.updateOne(
    { _id: doc._id, ackLinkUsedAt: null },
    { $set: { ackLinkUsedAt: now } },
  );
  if (first.modifiedCount === 0) return result(doc, false);
  // The link was sent on the alert's member's behalf: chat webhooks do not say who clicked.
  const member = doc.user ? await UserModel.findById(doc.user, { fullname: 1 }).lean() : null;
  const name = `${member?.fullname ?? 'A member'} (by link)`;
  const out = await markAcknowledged(doc, { user: null, name }, 'link', now);
  return result(out.doc, out.acknowledged);
}
