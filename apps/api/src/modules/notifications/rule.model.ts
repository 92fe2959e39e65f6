// Alert rules per member (type + parameters), each member's email quiet hours, and per-rule episode state.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { RULE_TYPES } from '@cx/contracts';

const ruleSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    /** The member the rule alerts; null (data from before teams) is the business's owner. */
    user: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    type: { type: String, enum: RULE_TYPES, required: true },
    enabled: { type: Boolean, default: true },
    /** Empty: every store the member covers (read at alert time). */
    stores: { type: [{ type: Schema.Types.ObjectId, ref: 'Store' }], default: [] },
    email: { type: Boolean, default: false },
    /** Alert channels (alerts module) the alert is also posted to. */
    channels: { type: [{ type: Schema.Types.ObjectId, ref: 'AlertChannel' }], default: [] },
    /** Delivered during the member's quiet hours too. */
    urgent: { type: Boolean, default: false },
    /** Nobody acknowledged within afterMinutes: the owner ('owner') or this member (user id) is notified, once. */
    escalation: {
      type: new Schema({ afterMinutes: Number, to: String }, { _id: false }),
      default: null,
    },
    /** When the rule fires for a rating, a case is opened for it too (the cases module listens: notifications/rule-fired). */
    openCase: { type: Boolean, default: false },
    /** The type's parameters, validated by the contract's schema for that type. */
    params: { type: Schema.Types.Mixed, default: {} },
  },
  { timestamps: true, minimize: false },
);
ruleSchema.index({ business: 1, user: 1, type: 1 });
// _id last: the scheduled jobs page through one type's enabled rules in _id order (lib/batches.ts).
ruleSchema.index({ type: 1, enabled: 1, _id: 1 });

export type RuleDoc = InferSchemaType<typeof ruleSchema> & {
  _id: Types.ObjectId;
  params: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
};
export const RuleModel = model('NotificationRule', ruleSchema);

const settingsSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    /** The member these are; null (data from before teams) is the business's owner. */
    user: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    quietHours: {
      enabled: { type: Boolean, default: false },
      start: { type: String, default: '22:00' },
      end: { type: String, default: '07:00' },
    },
    /** Set once when the member's default rules were created, so every member gets them exactly once. */
    defaultsAt: { type: Date, default: null },
  },
  { timestamps: true },
);
settingsSchema.index({ business: 1, user: 1 }, { unique: true });

export type NotificationSettingsDoc = InferSchemaType<typeof settingsSchema> & { _id: Types.ObjectId };
export const NotificationSettingsModel = model('NotificationSettings', settingsSchema);

/**
 * One row per (rule, key): a window episode in progress (key = store or staff id), or a one-off already sent
 * (key = "2025-06:80" for an allowance threshold, "daily:2025-06-01" for a summary). The unique index makes
 * "fire once" an atomic upsert even with several API instances evaluating at the same moment.
 */
const ruleStateSchema = new Schema(
  {
    rule: { type: Schema.Types.ObjectId, ref: 'NotificationRule', required: true },
    key: { type: String, required: true },
    active: { type: Boolean, default: true },
    at: { type: Date, default: () => new Date() },
    /** The rating whose evaluation claimed the episode: a retry of that evaluation may still deliver its alert. */
    by: { type: String, default: null },
  },
  { timestamps: false },
);
ruleStateSchema.index({ rule: 1, key: 1 }, { unique: true });

export const RuleStateModel = model('NotificationRuleState', ruleStateSchema);
