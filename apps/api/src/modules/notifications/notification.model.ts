// A notification in one member's bell: server-built HTML message, optional image, read state; removed by TTL after retention.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { NOTIFICATION_RETENTION_DAYS, RULE_TYPES } from '@cx/contracts';

/** Rule alerts, plus notices no rule switches off (unusual traffic the owner is not charged for, overdue cases). */
export const NOTIFICATION_TYPES = [...RULE_TYPES, 'suspicious-traffic', 'case-escalated'] as const;
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number];

const notificationSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    /** The member whose bell it is; null (data from before teams) is the business's owner. */
    user: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    rule: { type: Schema.Types.ObjectId, ref: 'NotificationRule', default: null },
    type: { type: String, enum: NOTIFICATION_TYPES, required: true },
    /** HTML built from escaped values only (see notify.ts). */
    message: { type: String, required: true },
    /** Plain-text twin for email. */
    text: { type: String, required: true },
    image: { type: String, default: null },
    isUnRead: { type: Boolean, default: true },
    createdAt: { type: Date, default: () => new Date() },
    /** What the alert is about (rule and rating, or rule and period): a retried evaluation cannot store it twice. */
    key: { type: String, default: undefined },
    /** What the alert is about, for the link back to the CX Feedback Timeline. */
    store: { type: Schema.Types.ObjectId, ref: 'Store', default: null },
    rating: { type: Schema.Types.ObjectId, ref: 'Rating', default: null },
    /** Set on rule alerts: signs the acknowledge link (see alerts/acknowledge.ts); null = not acknowledgeable. */
    ackNonce: { type: String, default: null },
    acknowledgedAt: { type: Date, default: null },
    acknowledgedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    acknowledgedByName: { type: String, default: null },
    ackVia: { type: String, enum: ['app', 'link', null], default: null },
    /** The acknowledge link works once. */
    ackLinkUsedAt: { type: Date, default: null },
    /** When the rule's escalation is due if nobody acknowledges; cleared (escalatedAt set) once sent. */
    escalateAt: { type: Date, default: null },
    escalatedAt: { type: Date, default: null },
    /** An escalation notice points at the alert it escalates. */
    escalationOf: { type: Schema.Types.ObjectId, ref: 'Notification', default: null },
  },
  { timestamps: false },
);
notificationSchema.index({ business: 1, user: 1, createdAt: -1 });
notificationSchema.index({ business: 1, user: 1, isUnRead: 1 });
notificationSchema.index({ key: 1 }, { unique: true, partialFilterExpression: { key: { $type: 'string' } } });
notificationSchema.index(
  { escalateAt: 1 },
  { partialFilterExpression: { escalateAt: { $type: 'date' }, escalatedAt: null, acknowledgedAt: null } },
);
notificationSchema.index(
  { escalationOf: 1 },
  { partialFilterExpression: { escalationOf: { $type: 'objectId' } } },
);
notificationSchema.index(
  { createdAt: 1 },
  { expireAfterSeconds: NOTIFICATION_RETENTION_DAYS * 24 * 60 * 60 },
);

export type NotificationDoc = InferSchemaType<typeof notificationSchema> & { _id: Types.ObjectId };
export const NotificationModel = model('Notification', notificationSchema);
