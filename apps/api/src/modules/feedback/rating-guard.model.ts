// One guard per device and rating subject: its unique key makes the per-device interval atomic without transactions.
import { Schema, model, type InferSchemaType } from 'mongoose';

const ratingGuardSchema = new Schema({
  /** Salted device hash, as on the rating. */
  deviceHash: { type: String, required: true },
  store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
  /** null for the store's experience. */
  staff: { type: Schema.Types.ObjectId, ref: 'Staff', default: null },
  /** The device may rate this subject again from this instant. */
  until: { type: Date, required: true },
  /** Submission key of the rating holding the guard: a copy of that same submit is let through to be replayed. */
  key: { type: String, required: true },
});
ratingGuardSchema.index({ deviceHash: 1, store: 1, staff: 1 }, { unique: true });
// Spent guards are only clutter; a real MongoDB removes them (a spent guard left in place is simply taken over).
ratingGuardSchema.index({ until: 1 }, { expireAfterSeconds: 0 });

export type RatingGuardDoc = InferSchemaType<typeof ratingGuardSchema>;
export const RatingGuardModel = model('RatingGuard', ratingGuardSchema);
