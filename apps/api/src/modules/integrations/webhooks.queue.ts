// The webhooks sink: each business event becomes one durable delivery per subscribed endpoint (unique per endpoint).
import { Types } from 'mongoose';
import type { BusinessEvent } from '../../lib/business-events';
import { messageIdOf } from './webhooks.signing';
import { WebhookDeliveryModel, WebhookEndpointModel, type WebhookEndpointDoc } from './webhook.model';

/** The body every endpoint receives (Standard Webhooks' recommended `type`, `timestamp`, `data`, plus ids). */
export function payloadOf(event: Pick<BusinessEvent, 'id' | 'type' | 'business' | 'store' | 'at' | 'data'>) {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    timestamp: event.at.toISOString(),
    business: event.business,
    store: event.store ?? null,
    data: event.data,
  });
}

type Waker = (endpoints: string[]) => void;
const wakers = new Set<Waker>();
/** Lets a worker in this process start at once when something is queued (others find it at their next poll). */
export function onEnqueued(wake: Waker): () => void {
  wakers.add(wake);
  return () => void wakers.delete(wake);
}
const wakeWorkers = (endpoints: string[]) => wakers.forEach((wake) => wake(endpoints));

const receives = (endpoint: WebhookEndpointDoc, event: BusinessEvent) =>
  endpoint.events.includes(event.type) &&
  (!endpoint.stores ||
    (event.store != null && endpoint.stores.some((s) => String(s) === String(event.store))));

type Row = Record<string, unknown>;

/** Inserts rows, treating "already queued" (the unique endpoint + event id) as done; anything else rethrows. */
export async function insertDeliveries(rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  try {
    await WebhookDeliveryModel.collection.insertMany(rows, { ordered: false });
  } catch (err) {
    const raw = (err as { writeErrors?: unknown }).writeErrors;
    const errors = (Array.isArray(raw) ? raw : raw ? [raw] : []) as { code?: number }[];
    if (errors.length === 0 || errors.some((e) => e.code !== 11000)) throw err;
  }
  wakeWorkers([...new Set(rows.map((r) => String(r.endpoint)))]);
}

export function deliveryRow(
  endpoint: { _id: Types.ObjectId; business: Types.ObjectId },
  fields: {
    eventId: string;
    messageId?: string;
    type: string;
    payload: string;
    at: Date;
  },
): Row {
  return {
    _id: new Types.ObjectId(),
    business: endpoint.business,
    endpoint: endpoint._id,
    eventId: fields.eventId,
    messageId: fields.messageId ?? messageIdOf(fields.eventId),
    type: fields.type,
    payload: fields.payload,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: fields.at,
    lockedUntil: null,
    lease: null,
    lastAttemptAt: null,
    responseCode: null,
    durationMs: null,
    error: null,
    createdAt: fields.at,
    updatedAt: fields.at,
  };
}

/**
 * The sink: one read of the businesses' enabled endpoints, one unordered insert. Idempotent per event id (a retried
 * producer's second insert is refused by the unique index), so it is safe in a durable reaction.
 */
export async function enqueueEvents(events: BusinessEvent[], now = new Date()): Promise<void> {
  const businesses = [...new Set(events.map((e) => e.business))].map((b) => new Types.ObjectId(b));
  const endpoints = await WebhookEndpointModel.find({ business: { $in: businesses }, enabled: true })
    .select({ business: 1, events: 1, stores: 1 })
    .lean<WebhookEndpointDoc[]>();
  if (endpoints.length === 0) return;
  const rows = events.flatMap((event) =>
    endpoints
      .filter((ep) => String(ep.business) === event.business && receives(ep, event))
      .map((ep) =>
        deliveryRow(ep, { eventId: event.id, type: event.type, payload: payloadOf(event), at: now }),
      ),
  );
  await insertDeliveries(rows);
}
