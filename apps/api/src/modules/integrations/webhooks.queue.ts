// The webhooks sink: each business event an endpoint receives is queued once; the worker fans it out per endpoint.
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { coalescedRead } from '../../lib/coalesce';
import type { BusinessEvent } from '../../lib/business-events';
import { messageIdOf } from './webhooks.signing';
import {
  WebhookDeliveryModel,
  WebhookEndpointModel,
  WebhookEventModel,
  type WebhookEndpointDoc,
} from './webhook.model';

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
const eventWakers = new Set<() => void>();
/** Lets a worker in this process start at once when deliveries are queued (others find them at their next poll). */
export function onEnqueued(wake: Waker): () => void {
  wakers.add(wake);
  return () => void wakers.delete(wake);
}
/** Lets a worker in this process fan out at once when events are queued (others find them at their next poll). */
export function onEventsQueued(wake: () => void): () => void {
  eventWakers.add(wake);
  return () => void eventWakers.delete(wake);
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
 * The sink, on the producer's (often a customer's) path: one read of the businesses' enabled endpoints and one insert
 * of the events some endpoint receives, whatever the number of endpoints. Safe to repeat in a durable reaction: a
 * second copy of an event fans out to deliveries the unique index refuses.
 */
export async function enqueueEvents(events: BusinessEvent[], now = new Date()): Promise<void> {
  const businesses = [...new Set(events.map((e) => e.business))].map((b) => new Types.ObjectId(b));
  // every rating asks for its business's endpoints: concurrent ones share a read
  const endpoints = await coalescedRead(`webhook-endpoints:${businesses.map(String).sort().join(',')}`, () =>
    WebhookEndpointModel.find({ business: { $in: businesses }, enabled: true })
      .select({ business: 1, events: 1, stores: 1 })
      .lean<WebhookEndpointDoc[]>(),
  );
  if (endpoints.length === 0) return;
  const rows = events.flatMap((event) => {
    const to = endpoints.filter((ep) => String(ep.business) === event.business && receives(ep, event));
    if (to.length === 0) return [];
    const business = new Types.ObjectId(event.business);
    const payload = payloadOf(event);
    return [
      { eventId: event.id, business, type: event.type, payload, endpoints: to.map((ep) => ep._id), at: now },
    ];
  });
  if (rows.length === 0) return;
  await WebhookEventModel.collection.insertMany(rows, { ordered: false });
  eventWakers.forEach((wake) => wake());
}

/** How long a fan-out holds its batch: another worker takes the batch over after this (the first one crashed). */
const FAN_OUT_LEASE_MS = 60_000;

/**
 * Moves up to `limit` queued events (oldest first) into one delivery per endpoint, then deletes them. The batch is
 * leased first (one conditional update), so workers side by side move different events; a move a crash interrupted is
 * taken over when its lease lapses, and the deliveries it had queued are refused once each by the unique index.
 * Returns how many events it found free (0: nothing to move now).
 */
export async function fanOutEvents(limit: number, now = new Date()): Promise<number> {
  const free = { $or: [{ lockedUntil: null }, { lockedUntil: { $lte: now } }] };
  const found = await WebhookEventModel.find(free, { _id: 1 }).sort({ _id: 1 }).limit(limit).lean();
  if (found.length === 0) return 0;
  const lease = randomUUID();
  await WebhookEventModel.updateMany(
    { _id: { $in: found.map((ev) => ev._id) }, ...free },
    { $set: { lease, lockedUntil: new Date(now.getTime() + FAN_OUT_LEASE_MS) } },
  );
  const events = await WebhookEventModel.find({ lease }).lean();
  if (events.length === 0) return found.length; // another worker took them: look again at once
  const rows = events.flatMap((ev) =>
    ev.endpoints.map((endpoint) =>
      deliveryRow(
        { _id: endpoint, business: ev.business },
        { eventId: ev.eventId, type: ev.type, payload: ev.payload, at: ev.at },
      ),
    ),
  );
  await insertDeliveries(rows);
  await WebhookEventModel.deleteMany({ lease });
  return found.length;
}
