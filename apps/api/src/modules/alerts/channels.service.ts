// A business's alert channels: connect (URL checked per kind), list without whole URLs, remove, queue a test message.
import mongoose from 'mongoose';
import type { TAlertChannel, TAlertChannelOption, TCreateAlertChannel } from '@cx/contracts';
import { ALERT_CHANNELS_MAX, ZCreateAlertChannelSchema } from '@cx/contracts';
import { env } from '../../config/env';
import { assertUnderCap, settleUnderCap } from '../../lib/count-cap';
import { AppError, notFound } from '../../lib/errors';
import type { Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { AlertChannelModel, type AlertChannelDoc } from './alerts.model';
import { enqueueDeliveries } from './outbox';

const HOSTS: Record<'slack' | 'teams', { test: (host: string) => boolean; says: string }> = {
  slack: {
    test: (h) => h === 'hooks.slack.com',
    says: 'A Slack incoming webhook URL starts with https://hooks.slack.com/',
  },
  teams: {
    test: (h) => h.endsWith('.webhook.office.com') || h.endsWith('.logic.azure.com'),
    says: 'A Teams incoming webhook URL is on webhook.office.com or logic.azure.com',
  },
};

/** Only Slack's and Microsoft's webhook hosts over https (ALERT_CHANNELS_ALLOW_LOCAL: any http(s) URL). */
export function checkWebhookUrl(kind: 'slack' | 'teams', raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badUrl('Webhook URL must be a valid URL');
  }
  if (env.ALERT_CHANNELS_ALLOW_LOCAL && (url.protocol === 'http:' || url.protocol === 'https:'))
    return url.href;
  if (url.protocol !== 'https:') throw badUrl('Webhook URL must start with https://');
  if (url.username || url.password || url.port) throw badUrl(HOSTS[kind].says);
  if (!HOSTS[kind].test(url.hostname.toLowerCase())) throw badUrl(HOSTS[kind].says);
  return url.href;
}

const CHANNELS_CAP = {
  max: ALERT_CHANNELS_MAX,
  message: `A business can connect at most ${ALERT_CHANNELS_MAX} alert channels. Remove one you no longer use to add another.`,
};

const badUrl = (message: string) => new AppError('VALIDATION_ERROR', message, 400, { url: [message] });

/** The host and the last characters: enough to recognise a webhook without handing out the secret path. */
function shortTarget(doc: AlertChannelDoc): string {
  if (doc.kind === 'email') return doc.emails.join(', ');
  const url = new URL(doc.url ?? '');
  return `${url.host}/…${url.pathname.slice(-4)}`;
}

export function toChannel(doc: AlertChannelDoc): TAlertChannel {
  const last = doc.lastDelivery;
  return {
    _id: String(doc._id),
    kind: doc.kind,
    name: doc.name,
    target: shortTarget(doc),
    createdAt: doc.createdAt.toISOString(),
    lastDelivery: last?.at ? { at: last.at.toISOString(), ok: !!last.ok, error: last.error ?? null } : null,
  };
}

export async function listChannels(access: Access): Promise<TAlertChannel[]> {
  const docs = await AlertChannelModel.find({ business: access.businessId })
    .sort({ createdAt: 1 })
    .lean<AlertChannelDoc[]>();
  return docs.map(toChannel);
}

export async function channelOptions(access: Access): Promise<TAlertChannelOption[]> {
  const docs = await AlertChannelModel.find({ business: access.businessId }, { kind: 1, name: 1 })
    .sort({ createdAt: 1 })
    .lean();
  return docs.map((d) => ({ _id: String(d._id), kind: d.kind, name: d.name }));
}

export async function createChannel(access: Access, input: TCreateAlertChannel): Promise<TAlertChannel> {
  const body = ZCreateAlertChannelSchema.parse(input);
  const url = body.kind === 'email' ? null : checkWebhookUrl(body.kind, body.url);
  const count = () => AlertChannelModel.countDocuments({ business: access.businessId });
  await assertUnderCap(CHANNELS_CAP, count);
  const doc = await AlertChannelModel.create({
    business: access.businessId,
    kind: body.kind,
    name: body.name,
    url,
    emails: body.kind === 'email' ? body.emails : [],
    createdBy: access.userId,
  });
  await settleUnderCap(CHANNELS_CAP, count, () => AlertChannelModel.deleteOne({ _id: doc._id }));
  const channel = toChannel(doc.toObject() as AlertChannelDoc);
  await recordAudit(access, {
    kind: 'alert',
    action: 'alert-channel.create',
    summary: `Connected the ${body.kind} alert channel "${body.name}"`,
    after: { name: body.name, kind: body.kind, target: channel.target },
  });
  return channel;
}

async function ownChannel(access: Access, id: string): Promise<AlertChannelDoc> {
  const doc = await AlertChannelModel.findOne({
    _id: id,
    business: access.businessId,
  }).lean<AlertChannelDoc>();
  if (!doc) throw notFound('Channel');
  return doc;
}

export async function deleteChannel(access: Access, id: string): Promise<void> {
  const doc = await ownChannel(access, id);
  await AlertChannelModel.deleteOne({ _id: doc._id });
  // Rules keep their list; a removed id is skipped when an alert fires (see fan-out.ts).
  await recordAudit(access, {
    kind: 'alert',
    action: 'alert-channel.delete',
    summary: `Removed the ${doc.kind} alert channel "${doc.name}"`,
    before: { name: doc.name, kind: doc.kind },
  });
}

/** Queued like any alert post (the job sends it), so a test proves the real path. */
export async function testChannel(access: Access, id: string, now = new Date()): Promise<void> {
  const doc = await ownChannel(access, id);
  await enqueueDeliveries({
    business: access.businessId,
    notification: null,
    key: `test:${String(doc._id)}:${new mongoose.Types.ObjectId().toHexString()}`,
    channels: [doc],
    notBefore: now,
    post: {
      title: 'Test message from CX Journey',
      text: `Alerts from your rules will arrive in "${doc.name}" like this one.`,
      context: `Sent ${now.toISOString()}`,
      link: `${env.PUBLIC_WEB_URL}/settings-and-notifications`,
      linkLabel: 'Open Performance Notifications',
      ackUrl: null,
    },
  });
}
