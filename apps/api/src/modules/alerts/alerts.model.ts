// Alert channels of a business (Slack / Teams incoming webhooks, email lists) and the durable outbox of their posts.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ALERT_CHANNEL_KINDS } from '@cx/contracts';

const channelSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    kind: { type: String, enum: ALERT_CHANNEL_KINDS, required: true },
    name: { type: String, required: true },
    /** The incoming webhook URL (Slack, Teams); never returned whole. */
    url: { type: String, default: null },
    emails: { type: [String], default: [] },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    lastDelivery: {
      type: new Schema({ at: Date, ok: Boolean, error: { type: String, default: null } }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true },
);
channelSchema.index({ business: 1, createdAt: 1 });

export type AlertChannelDoc = InferSchemaType<typeof channelSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
};
export const AlertChannelModel = model('AlertChannel', channelSchema);

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * One post to one target (a channel's webhook, one email address): written before anything is sent, claimed by the
 * job with a lease, retried with backoff until it succeeds or runs out of attempts. `key` makes enqueueing idempotent
 * (a retried evaluation or escalation writes the same rows).
 */
const deliverySchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    notification: { type: Schema.Types.ObjectId, ref: 'Notification', default: null },
    channel: { type: Schema.Types.ObjectId, ref: 'AlertChannel', default: null },
    kind: { type: String, enum: ALERT_CHANNEL_KINDS, required: true },
    /** Webhook URL or email address. */
    target: { type: String, required: true },
    /** Slack blocks / Teams card JSON, or { subject, html, text } for email. */
    payload: { type: Schema.Types.Mixed, required: true },
    status: { type: String, enum: DELIVERY_STATUSES, default: 'pending' },
    attempts: { type: Number, default: 0 },
    /** Not before this (quiet hours hold it; a failure pushes it back; a claim leases it). */
    nextAttemptAt: { type: Date, required: true },
    lastError: { type: String, default: null },
    sentAt: { type: Date, default: null },
    key: { type: String, required: true },
  },
  { timestamps: true, minimize: false },
);
deliverySchema.index({ key: 1 }, { unique: true });
deliverySchema.index({ status: 1, nextAttemptAt: 1 });
deliverySchema.index({ notification: 1 });

export type AlertDeliveryDoc = InferSchemaType<typeof deliverySchema> & { _id: Types.ObjectId };
export const AlertDeliveryModel = model('AlertDelivery', deliverySchema);
