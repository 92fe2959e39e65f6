// Daily rollups per store (and per staff member): counts, score sums and distributions kept by atomic upserts.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

export const ROLLUP_METRICS = ['staff', 'experience', 'visit', 'social'] as const;
export type RollupMetric = (typeof ROLLUP_METRICS)[number];

const rollupSchema = new Schema(
  {
    owner: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    /** null for store-level rows; a staff id for per-staff rows of metric 'staff'. */
    staff: { type: Schema.Types.ObjectId, ref: 'Staff', default: null },
    metric: { type: String, enum: ROLLUP_METRICS, required: true },
    day: { type: String, required: true },
    count: { type: Number, default: 0 },
    scoreSum: { type: Number, default: 0 },
    /** Score distribution: d1 counts 1-star ratings … d5 counts 5-star ratings (fields, so $inc upserts stay atomic). */
    d1: { type: Number, default: 0 },
    d2: { type: Number, default: 0 },
    d3: { type: Number, default: 0 },
    d4: { type: Number, default: 0 },
    d5: { type: Number, default: 0 },
  },
  { timestamps: false },
);
rollupSchema.index({ store: 1, staff: 1, metric: 1, day: 1 }, { unique: true });
rollupSchema.index({ owner: 1, metric: 1, day: 1 });

export type RollupDoc = InferSchemaType<typeof rollupSchema> & { _id: Types.ObjectId };
export const RollupModel = model('Rollup', rollupSchema);
