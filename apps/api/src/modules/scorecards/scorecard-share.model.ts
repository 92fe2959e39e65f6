// A private link to a staff member's scorecard: the SHA-256 of its token (never the token), period, stores, revocation.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { PERIOD_PRESETS } from '@cx/contracts';

const scorecardShareSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    staff: { type: Schema.Types.ObjectId, ref: 'Staff', required: true },
    /** SHA-256 (hex) of the link's token: 256 random bits, so a fast hash is enough and lookups are exact. */
    tokenHash: { type: String, required: true },
    /** The stores the card covers: the creator's stores at creation; empty = every store of the business. */
    stores: { type: [{ type: Schema.Types.ObjectId, ref: 'Store' }], default: [] },
    period: {
      period: { type: String, enum: PERIOD_PRESETS, required: true },
      from: { type: String, default: undefined },
      to: { type: String, default: undefined },
    },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    lastSeenAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
scorecardShareSchema.index({ tokenHash: 1 }, { unique: true });
scorecardShareSchema.index({ business: 1, staff: 1, createdAt: -1 });

export type ScorecardShareDoc = InferSchemaType<typeof scorecardShareSchema> & { _id: Types.ObjectId };
export const ScorecardShareModel = model('ScorecardShare', scorecardShareSchema);
