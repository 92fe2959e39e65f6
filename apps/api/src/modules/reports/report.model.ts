// A member's scheduled-report choice per business, and the sent-marker that makes each report go out once.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { REPORT_PERIODS } from '@cx/contracts';

const preferenceSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    daily: { type: Boolean, default: false },
    weekly: { type: Boolean, default: false },
    monthly: { type: Boolean, default: false },
  },
  { timestamps: true },
);
preferenceSchema.index({ business: 1, user: 1 }, { unique: true });

export type ReportPreferenceDoc = InferSchemaType<typeof preferenceSchema> & { _id: Types.ObjectId };
export const ReportPreferenceModel = model('ReportPreference', preferenceSchema);

/**
 * One document per report mailed. A scheduled one's key is its first day, so the unique index lets exactly one
 * instance claim it (insert wins, duplicate loses); a "send now" gets a key of its own. The _id names the mail in its
 * signed unsubscribe link, which `unsubscribedAt` makes single-use.
 */
const sendSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    period: { type: String, enum: REPORT_PERIODS, required: true },
    key: { type: String, required: true },
    from: { type: String, required: true },
    to: { type: String, required: true },
    sentAt: { type: Date, required: true },
    unsubscribedAt: { type: Date, default: null },
  },
  { timestamps: false },
);
sendSchema.index({ business: 1, user: 1, period: 1, key: 1 }, { unique: true });
// a marker outlives the longest period it guards many times over; old links then simply stop working
sendSchema.index({ sentAt: 1 }, { expireAfterSeconds: 400 * 86400 });

export type ReportSendDoc = InferSchemaType<typeof sendSchema> & { _id: Types.ObjectId };
export const ReportSendModel = model('ReportSend', sendSchema);
