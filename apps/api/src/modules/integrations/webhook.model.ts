// Webhook endpoints (URL, events, secrets, health), their outbox of events and the durable delivery queue.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@cx/contracts';

const secretSchema = new Schema(
  {
    /** `whsec_<base64>`: kept as is, since signing needs the key itself (it is never listed). */
    key: { type: String, required: true },
    /** Null for the current secret; a rotated-out one signs alongside the new one until then. */
    expiresAt: { type: Date, default: null },
  },
  { _id: false },
);

const endpointSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    url: { type: String, required: true, maxlength: 2000 },
    events: { type: [{ type: String, enum: WEBHOOK_EVENT_TYPES }], required: true },
    /** The stores whose events it receives (a store-limited API key created it); null: every store. */
    stores: { type: [{ type: Schema.Types.ObjectId, ref: 'Store' }], default: null },
    enabled: { type: Boolean, default: true },
    secrets: { type: [secretSchema], required: true },
    /** First failed attempt since the last success: 24 h of failures turn the endpoint off. */
    failingSince: { type: Date, default: null },
    disabledReason: { type: String, default: null },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
endpointSchema.index({ business: 1, enabled: 1 });

export type WebhookEndpointDoc = InferSchemaType<typeof endpointSchema> & { _id: Types.ObjectId };
export const WebhookEndpointModel = model('WebhookEndpoint', endpointSchema);

const deliverySchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    endpoint: { type: Schema.Types.ObjectId, ref: 'WebhookEndpoint', required: true },
    /** The business event's id (or a redelivery's): unique per endpoint, so a retried producer never enqueues twice. */
    eventId: { type: String, required: true },
    /** The webhook-id header: the same for every attempt and every redelivery of the message. */
    messageId: { type: String, required: true },
    type: { type: String, required: true },
    /** The exact JSON body, signed as is at each attempt. */
    payload: { type: String, required: true },
    status: { type: String, enum: WEBHOOK_DELIVERY_STATUSES, default: 'pending' },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    /** The worker's lease: another worker may claim it only after this (a crashed worker's claim lapses). */
    lockedUntil: { type: Date, default: null },
    lease: { type: String, default: null },
    lastAttemptAt: { type: Date, default: null },
    responseCode: { type: Number, default: null },
    durationMs: { type: Number, default: null },
    error: { type: String, default: null },
  },
  { timestamps: true },
);
deliverySchema.index({ endpoint: 1, eventId: 1 }, { unique: true });
deliverySchema.index({ endpoint: 1, createdAt: -1 });
/** The claim's walk: one endpoint's due deliveries, oldest first (never another endpoint's backlog). */
deliverySchema.index(
  { endpoint: 1, nextAttemptAt: 1 },
  { partialFilterExpression: { status: 'pending' }, name: 'due_by_endpoint' },
);
deliverySchema.index({ lease: 1 }, { partialFilterExpression: { lease: { $type: 'string' } } });

export type WebhookDeliveryDoc = InferSchemaType<typeof deliverySchema> & { _id: Types.ObjectId };
export const WebhookDeliveryModel = model('WebhookDelivery', deliverySchema);

/**
 * The webhooks' outbox: one document per business event that some endpoint receives, written by the producer's
 * reaction (one small insert on the customer's path). The delivery worker leases a batch, fans it out into one delivery
 * per endpoint at its own pace and deletes it; a fan-out repeated after a crash is refused per endpoint by the unique
 * index above.
 */
const eventSchema = new Schema(
  {
    eventId: { type: String, required: true },
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    type: { type: String, required: true },
    payload: { type: String, required: true },
    /** The endpoints that receive it, decided when it happened (their subscriptions and stores at that time). */
    endpoints: { type: [{ type: Schema.Types.ObjectId, ref: 'WebhookEndpoint' }], required: true },
    at: { type: Date, required: true },
    /** A fan-out's lease on it: other workers leave it alone until then. */
    lease: { type: String, default: null },
    lockedUntil: { type: Date, default: null },
  },
  { versionKey: false },
);
eventSchema.index({ lease: 1 }, { partialFilterExpression: { lease: { $type: 'string' } } });

export type WebhookEventDoc = InferSchemaType<typeof eventSchema> & { _id: Types.ObjectId };
export const WebhookEventModel = model('WebhookEvent', eventSchema);
