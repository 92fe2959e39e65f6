// Audit trail of dashboard decisions on flagged ratings: who restored which rating, when, and why.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const ratingAuditSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    rating: { type: Schema.Types.ObjectId, ref: 'Rating', required: true },
    action: { type: String, enum: ['restore'], required: true },
    actor: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** The flag reasons at the time of the decision, so the entry reads on its own. */
    reasons: { type: [String], default: [] },
    note: { type: String, default: '', maxlength: 500 },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
ratingAuditSchema.index({ rating: 1, createdAt: 1 });
ratingAuditSchema.index({ business: 1, createdAt: -1 });

export type RatingAuditDoc = InferSchemaType<typeof ratingAuditSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
};
export const RatingAuditModel = model('RatingAudit', ratingAuditSchema);
