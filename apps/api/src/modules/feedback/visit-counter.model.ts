// Per store-local day visit counters: a device's first visit of the day, and how many first visits one network sent.
import { Schema, model } from 'mongoose';

const visitCounterSchema = new Schema(
  {
    /** `device|<store>|<day>|<deviceHash>` or `network|<store>|<day>|<networkHash>`: one upsert is the whole claim. */
    _id: { type: String, required: true },
    /** Network counters: first visits of the day from that network. */
    n: { type: Number, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// A day's counters are never read after that day: MongoDB's TTL removes them.
visitCounterSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export interface VisitCounterDoc {
  _id: string;
  n: number;
  expiresAt: Date;
}
export const VisitCounterModel = model('VisitCounter', visitCounterSchema);
