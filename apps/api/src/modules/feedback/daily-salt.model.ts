// The day's random salt for device/network hashes; old salts are deleted so yesterday's hashes can never be re-linked.
import { Schema, model, type InferSchemaType } from 'mongoose';

const dailySaltSchema = new Schema(
  {
    /** UTC day (YYYY-MM-DD) the salt is used for. */
    day: { type: String, required: true },
    salt: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
dailySaltSchema.index({ day: 1 }, { unique: true });
// Belt and braces: the service deletes old salts itself; the TTL index also does it on a real MongoDB.
dailySaltSchema.index({ createdAt: 1 }, { expireAfterSeconds: 2 * 24 * 3600 });

export type DailySaltDoc = InferSchemaType<typeof dailySaltSchema>;
export const DailySaltModel = model('DailySalt', dailySaltSchema);
