// Atomic burst counters: one document per (device or network, store, time bucket) listing the ratings it has seen.
import { Schema, model, type Types } from 'mongoose';

const memberSchema = new Schema(
  {
    rating: { type: Schema.Types.ObjectId, required: true },
    /** The rated subject: a staff id, or "experience". */
    subject: { type: String, required: true },
    score: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

const burstCounterSchema = new Schema(
  {
    /** `<scope>|<hash>|<store>|<grid>|<bucket>`: the key is the _id, so one upsert is the whole claim. */
    _id: { type: String, required: true },
    members: { type: [memberSchema], default: [] },
    /** A bucket is only read while it can still hold the window ending now; MongoDB's TTL removes it after. */
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
burstCounterSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export interface BurstMember {
  rating: Types.ObjectId;
  subject: string;
  score: number;
  at: Date;
}
export interface BurstCounterDoc {
  _id: string;
  members: BurstMember[];
  expiresAt: Date;
}
export const BurstCounterModel = model('BurstCounter', burstCounterSchema);
