// Daily rollups per store, staff member and kind: counts, score sums, 1–5 histograms and local-hour cells, by $inc upserts.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/**
 * staff / experience: ratings of that kind (store rows, and per-person rows for staff ratings);
 * shift: experience ratings credited to each person on shift at that moment (per-person rows only);
 * visit / social: tracked QR opens and social-link clicks (store rows; social rows count per network in `net`).
 */
export const ROLLUP_METRICS = ['staff', 'experience', 'shift', 'visit', 'social'] as const;
export type RollupMetric = (typeof ROLLUP_METRICS)[number];

const rollupSchema = new Schema(
  {
    owner: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    /** null for store-level rows; a staff id for per-person rows (metrics staff and shift). */
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
    /** Local-hour cells of the day for the heatmap: h.<0–23>.n ratings, h.<0–23>.s score sum. */
    h: { type: Schema.Types.Mixed, default: undefined },
    /** Social clicks per network: net.<network> (metric social). */
    net: { type: Schema.Types.Mixed, default: undefined },
  },
  { timestamps: false, minimize: true },
);
rollupSchema.index({ store: 1, staff: 1, metric: 1, day: 1 }, { unique: true });
rollupSchema.index({ owner: 1, metric: 1, day: 1 });

export type RollupDoc = InferSchemaType<typeof rollupSchema> & { _id: Types.ObjectId };
export const RollupModel = model('Rollup', rollupSchema);
