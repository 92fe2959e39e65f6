// The durable outbox of alert posts: rows written before sending, claimed with a lease, retried with backoff.
import type mongoose from 'mongoose';
import { logger } from '../../lib/logger';
import { sendMail } from '../../lib/mailer';
import { AlertChannelModel, AlertDeliveryModel, type AlertDeliveryDoc } from './alerts.model';
import { formatFor, type AlertPost } from './payloads';

/** After this many failed attempts a post is given up (the backoff sums to more than 24 hours). */
export const MAX_ATTEMPTS = 12;
/** A claimed row is invisible to other runs this long (a crashed sender's rows come back after it). */
const LEASE_MS = 5 * 60_000;
const POST_TIMEOUT_MS = 10_000;

/** Minutes before attempt n+1: 1, 2, 4 … capped at 6 hours. */
export const backoffMinutes = (attempts: number) => Math.min(2 ** Math.max(attempts - 1, 0), 360);

interface Target {
  _id?: mongoose.Types.ObjectId | null;
  kind: 'slack' | 'teams' | 'email';
  url?: string | null;
  emails?: string[];
}

/** One row per (alert, channel, address); `key` names the alert so a repeat enqueue writes nothing new. */
export async function enqueueDeliveries(o: {
  business: mongoose.Types.ObjectId | string;
  notification: mongoose.Types.ObjectId | null;
  key: string;
  channels: Target[];
  post: AlertPost;
  notBefore: Date;
}): Promise<number> {
  const rows = o.channels.flatMap((ch) => {
    const targets = ch.kind === 'email' ? (ch.emails ?? []) : ch.url ? [ch.url] : [];
    const payload = formatFor(ch.kind, o.post);
    return targets.map((target) => ({
      key: `${o.key}:${ch._id ? String(ch._id) : 'member'}:${target}`,
      business: o.business,
      notification: o.notification,
      channel: ch._id ?? null,
      kind: ch.kind,
      target,
      payload,
    }));
  });
  if (rows.length === 0) return 0;
  const res = await AlertDeliveryModel.bulkWrite(
    rows.map((r) => ({
      updateOne: {
        filter: { key: r.key },
        update: { $setOnInsert: { ...r, status: 'pending', attempts: 0, nextAttemptAt: o.notBefore } },
        upsert: true,
      },
    })),
    { ordered: false },
  );
  return res.upsertedCount;
}

/** Sends one row; throws with a short reason on any failure (non-2xx, redirect, timeout, refused). */
async function send(row: AlertDeliveryDoc): Promise<void> {
  if (row.kind === 'email') {
    const mail = row.payload as { subject: string; html: string; text: string };
    await sendMail({ to: row.target, ...mail, devPreview: {} });
    return;
  }
  const res = await fetch(row.target, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(row.payload),
    redirect: 'manual',
    signal: AbortSignal.timeout(POST_TIMEOUT_MS),
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

/** Claims the next due row (atomic: two runs never send the same row at once). */
async function claim(now: Date): Promise<AlertDeliveryDoc | null> {
  return AlertDeliveryModel.findOneAndUpdate(
    { status: 'pending', nextAttemptAt: { $lte: now } },
    { $set: { nextAttemptAt: new Date(now.getTime() + LEASE_MS) }, $inc: { attempts: 1 } },
    { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
  ).lean<AlertDeliveryDoc>();
}

/** The job: sends what is due, up to `limit` rows; returns how many were sent. */
export async function drainAlertDeliveries(now: Date = new Date(), limit = 200): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const row = await claim(now);
    if (!row) break;
    try {
      await send(row);
      await AlertDeliveryModel.updateOne(
        { _id: row._id },
        { $set: { status: 'sent', sentAt: now, lastError: null } },
      );
      sent++;
      if (row.channel) await noteChannel(row.channel, now, null);
    } catch (err) {
      const reason = reasonOf(err);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await AlertDeliveryModel.updateOne(
        { _id: row._id },
        {
          $set: {
            status: giveUp ? 'failed' : 'pending',
            lastError: reason,
            nextAttemptAt: new Date(now.getTime() + backoffMinutes(row.attempts) * 60_000),
          },
        },
      );
      logger.warn(
        { delivery: String(row._id), kind: row.kind, attempts: row.attempts, reason },
        'alert post failed',
      );
      if (row.channel) await noteChannel(row.channel, now, reason);
    }
  }
  return sent;
}

const noteChannel = (channel: mongoose.Types.ObjectId, at: Date, error: string | null) =>
  AlertChannelModel.updateOne({ _id: channel }, { $set: { lastDelivery: { at, ok: !error, error } } });
