// Webhook endpoints: add (secret shown once), list, change, delete, rotate the secret; delivery log, redeliver, test.
import { Types } from 'mongoose';
import {
  WEBHOOK_ENDPOINTS_MAX,
  ZCreateWebhookSchema,
  ZUpdateWebhookSchema,
  type TCreateWebhook,
  type TUpdateWebhook,
  type TWebhook,
  type TWebhookDelivery,
} from '@cx/contracts';
import { assertUnderCap, settleUnderCap } from '../../lib/count-cap';
import { newestFirstPage, type PageQuery } from '../../lib/paging';
import { AppError, notFound } from '../../lib/errors';
import { assertOwnStores, storeSetFilter, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { deliveryRow, insertDeliveries, payloadOf } from './webhooks.queue';
import { newWebhookSecret } from './webhooks.signing';
import { checkWebhookUrl } from './webhooks.transport';
import {
  WebhookDeliveryModel,
  WebhookEndpointModel,
  type WebhookDeliveryDoc,
  type WebhookEndpointDoc,
} from './webhook.model';

/** How long a rotated-out secret keeps signing alongside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/** Every event is sent to each endpoint of its business, so their number is the fan-out: capped per business. */
const ENDPOINTS_CAP = {
  max: WEBHOOK_ENDPOINTS_MAX,
  message: `A business can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one you no longer use to add another.`,
};
const countEndpoints = (access: Access) => () =>
  WebhookEndpointModel.countDocuments({ business: access.businessId });

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function assertUrl(url: string): void {
  const problem = checkWebhookUrl(url);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, 400, { url: [problem] });
}

export function presentWebhook(e: WebhookEndpointDoc, now = new Date()): TWebhook {
  const previous = e.secrets.find((s) => s.expiresAt && s.expiresAt > now);
  return {
    _id: String(e._id),
    url: e.url,
    events: e.events as TWebhook['events'],
    stores: (e.stores ?? []).map(String),
    enabled: e.enabled,
    disabledReason: e.enabled ? null : (e.disabledReason ?? null),
    failingSince: iso(e.failingSince),
    previousSecretExpiresAt: iso(previous?.expiresAt),
    createdAt: iso(e.createdAt as Date)!,
  };
}

/** An endpoint the caller may reach: of their business, and (store-limited) of their stores only. */
const mine = (access: Access, id: string) => ({ ...storeSetFilter(access), _id: id });

async function endpointOf(access: Access, id: string): Promise<WebhookEndpointDoc> {
  const endpoint = await WebhookEndpointModel.findOne(mine(access, id)).lean<WebhookEndpointDoc>();
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}

export async function createWebhook(access: Access, input: TCreateWebhook) {
  const body = ZCreateWebhookSchema.parse(input);
  assertUrl(body.url);
  // Asked stores must be the caller's; none asked: the caller's own (every store only for an all-store caller).
  const asked = body.stores ?? [];
  await assertOwnStores(access, asked);
  const stores = asked.length > 0 ? asked : access.storeIds;
  const secret = newWebhookSecret();
  await assertUnderCap(ENDPOINTS_CAP, countEndpoints(access));
  const doc = await WebhookEndpointModel.create({
    business: access.businessId,
    url: body.url,
    events: body.events,
    stores: stores ? stores.map((s) => new Types.ObjectId(s)) : null,
    secrets: [{ key: secret, expiresAt: null }],
    createdBy: access.userId,
  });
  await settleUnderCap(ENDPOINTS_CAP, countEndpoints(access), () =>
    WebhookEndpointModel.deleteOne({ _id: doc._id }),
  );
  await recordAudit(access, {
    kind: 'webhook',
    action: 'webhook.create',
    summary: `Added the webhook endpoint ${body.url} (${body.events.join(', ')})`,
    after: { url: body.url, events: body.events, stores },
  });
  return { _id: String(doc._id), secret };
}

/** One page of the endpoints, newest first. */
export async function listWebhooks(access: Access, q: PageQuery) {
  const filter = storeSetFilter(access);
  const { rows, total } = await newestFirstPage(WebhookEndpointModel, filter, q);
  return { webhooks: rows.map((e) => presentWebhook(e)), total, page: q.page, pageSize: q.pageSize };
}

export async function updateWebhook(access: Access, id: string, input: TUpdateWebhook): Promise<TWebhook> {
  const body = ZUpdateWebhookSchema.parse(input);
  if (body.url !== undefined) assertUrl(body.url);
  const before = await endpointOf(access, id);
  const set: Record<string, unknown> = {};
  if (body.url !== undefined) set.url = body.url;
  if (body.events !== undefined) set.events = body.events;
  if (body.enabled !== undefined) {
    set.enabled = body.enabled;
    // Turned on again: a fresh start, so one more failure does not turn it straight back off.
    if (body.enabled) Object.assign(set, { disabledReason: null, failingSince: null });
  }
  const after = await WebhookEndpointModel.findOneAndUpdate(
    mine(access, id),
    { $set: set },
    { returnDocument: 'after' },
  ).lean<WebhookEndpointDoc>();
  if (!after) throw notFound('Webhook endpoint');
  await recordAudit(access, {
    kind: 'webhook',
    action: 'webhook.update',
    summary: `Changed the webhook endpoint ${after.url}`,
    before: { url: before.url, events: before.events, enabled: before.enabled },
    after: { url: after.url, events: after.events, enabled: after.enabled },
  });
  return presentWebhook(after);
}

export async function deleteWebhook(access: Access, id: string): Promise<void> {
  const gone = await WebhookEndpointModel.findOneAndDelete(mine(access, id)).lean<WebhookEndpointDoc>();
  if (!gone) throw notFound('Webhook endpoint');
  await WebhookDeliveryModel.deleteMany({ endpoint: gone._id });
  await recordAudit(access, {
    kind: 'webhook',
    action: 'webhook.delete',
    summary: `Deleted the webhook endpoint ${gone.url}`,
    before: { url: gone.url, events: gone.events },
  });
}

/** A new current secret; the previous current one signs alongside it for 24 h, older ones are dropped. */
export async function rotateWebhookSecret(access: Access, id: string, now = new Date()) {
  const endpoint = await endpointOf(access, id);
  const current = endpoint.secrets.find((s) => !s.expiresAt);
  const expiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  const secret = newWebhookSecret();
  const secrets = [{ key: secret, expiresAt: null }, ...(current ? [{ key: current.key, expiresAt }] : [])];
  const done = await WebhookEndpointModel.updateOne(
    { ...mine(access, id), updatedAt: endpoint.updatedAt },
    { $set: { secrets } },
  );
  if (done.modifiedCount !== 1)
    throw new AppError('CONFLICT', 'The secret was just rotated by someone else. Try again.', 409);
  await recordAudit(access, {
    kind: 'webhook',
    action: 'webhook.rotate-secret',
    summary: `Rotated the signing secret of ${endpoint.url} (the previous one signs until ${expiresAt.toISOString()})`,
  });
  return { secret, previousSecretExpiresAt: expiresAt.toISOString() };
}

function presentDelivery(d: WebhookDeliveryDoc): TWebhookDelivery {
  return {
    _id: String(d._id),
    messageId: d.messageId,
    type: d.type,
    status: d.status as TWebhookDelivery['status'],
    attempts: d.attempts,
    createdAt: iso(d.createdAt as Date)!,
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    responseCode: d.responseCode ?? null,
    durationMs: d.durationMs ?? null,
    error: d.error ?? null,
    payload: d.payload,
  };
}

export async function listDeliveries(access: Access, id: string, q: PageQuery) {
  const endpoint = await endpointOf(access, id);
  const filter = { endpoint: endpoint._id };
  const { rows, total } = await newestFirstPage(WebhookDeliveryModel, filter, q);
  return { deliveries: rows.map(presentDelivery), total, page: q.page, pageSize: q.pageSize };
}

function assertEnabled(endpoint: WebhookEndpointDoc): void {
  if (!endpoint.enabled)
    throw new AppError('WEBHOOK_OFF', 'This endpoint is turned off. Turn it on first.', 409);
}

/** The same message (same webhook-id and body) queued again as a new delivery row of the log. */
export async function redeliver(access: Access, id: string, deliveryId: string, now = new Date()) {
  const endpoint = await endpointOf(access, id);
  const original = await WebhookDeliveryModel.findOne({
    _id: deliveryId,
    endpoint: endpoint._id,
  }).lean<WebhookDeliveryDoc>();
  if (!original) throw notFound('Delivery');
  assertEnabled(endpoint);
  const row = deliveryRow(endpoint, {
    eventId: `${original.eventId}#redelivery:${String(new Types.ObjectId())}`,
    messageId: original.messageId,
    type: original.type,
    payload: original.payload,
    at: now,
  });
  await insertDeliveries([row]);
  return { _id: String(row._id) };
}

/** A `webhook.test` event to this endpoint only, queued like any other (never sent from the request). */
export async function sendTestEvent(access: Access, id: string, now = new Date()) {
  const endpoint = await endpointOf(access, id);
  assertEnabled(endpoint);
  const eventId = `webhook.test:${String(new Types.ObjectId())}`;
  const payload = payloadOf({
    id: eventId,
    type: 'webhook.test' as never,
    business: access.businessId,
    store: null,
    at: now,
    data: { message: 'A test event from CX Journey: your endpoint is receiving webhooks.' },
  });
  const row = deliveryRow(endpoint, { eventId, type: 'webhook.test', payload, at: now });
  await insertDeliveries([row]);
  return { _id: String(row._id) };
}
