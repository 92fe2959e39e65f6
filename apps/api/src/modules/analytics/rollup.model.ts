// Rollups by $inc upserts, per store, person and kind and per business, by local day and week: counts, sums, histograms, hour cells.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/**
 * staff / experience: ratings of that kind (store rows, and per-person rows for staff ratings);
 * shift: experience ratings credited to each person on shift at that moment (per-person rows only);
 * visit / social: tracked QR opens and social-link clicks (store rows; social rows count per network in `net`).
 */
export const ROLLUP_METRICS = ['staff', 'experience', 'shift', 'visit', 'social'] as const;
export type RollupMetric = (typeof ROLLUP_METRICS)[number];

/** The figures of a row (store or business): what one $inc upsert adds to. */
const figureFields = {
  count: { type: Number, default: 0 },
  scoreSum: { type: Number, default: 0 },
  /** Score distribution: d1 counts 1-star ratings … d5 counts 5-star ratings (fields, so $inc upserts stay atomic). */
  d1: { type: Number, default: 0 },
  d2: { type: Number, default: 0 },
  d3: { type: Number, default: 0 },
  d4: { type: Number, default: 0 },
  d5: { type: Number, default: 0 },
  /** Local-hour cells for the heatmap: h.<0–23>.{n,s} on day rows, h.<weekday>-<hour>.{n,s} on week rows. */
  h: { type: Schema.Types.Mixed, default: undefined },
  /** Ids of recent events already added to this row: a re-applied change is a no-op (pruned once the event is done). */
  applied: { type: [Schema.Types.ObjectId], default: undefined },
  /** Write counter, bumped by every change to the figures: the rebuild replaces a row only if it is as it read it. */
  v: { type: Number, default: undefined },
};

const rollupSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    /** null for store-level rows; a staff id for per-person rows (metrics staff and shift). */
    staff: { type: Schema.Types.ObjectId, ref: 'Staff', default: null },
    metric: { type: String, enum: ROLLUP_METRICS, required: true },
    day: { type: String, required: true },
    ...figureFields,
    /** Social clicks per network: net.<network> (metric social). */
    net: { type: Schema.Types.Mixed, default: undefined },
  },
  { timestamps: false, minimize: true },
);
rollupSchema.index({ store: 1, staff: 1, metric: 1, day: 1 }, { unique: true });
rollupSchema.index({ business: 1, metric: 1, day: 1 });
rollupSchema.index({ day: 1 });
rollupSchema.index({ applied: 1 }, { sparse: true });

export type RollupDoc = InferSchemaType<typeof rollupSchema> & { _id: Types.ObjectId };
export const RollupModel = model('Rollup', rollupSchema);

/** The rating kinds, the only metrics with business rows. */
export const BUSINESS_METRICS = ['staff', 'experience'] as const;

/**
 * Business rows: the store-level rows of the rating kinds summed over every store of the owner (deleted stores
 * included; readers subtract those), per store-local day and week key. Where every store's period holds a day or a
 * week, the Overview reads one row instead of one per store. Kept by the same $inc upserts as the store rows.
 */
const businessRollupSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    metric: { type: String, enum: BUSINESS_METRICS, required: true },
    day: { type: String, required: true },
    ...figureFields,
  },
  { timestamps: false, minimize: true },
);
businessRollupSchema.index({ business: 1, metric: 1, day: 1 }, { unique: true });
businessRollupSchema.index({ day: 1 });
businessRollupSchema.index({ applied: 1 }, { sparse: true });

export type BusinessRollupDoc = InferSchemaType<typeof businessRollupSchema> & { _id: Types.ObjectId };
export const BusinessRollupModel = model('BusinessRollup', businessRollupSchema);

/**
 * Per store, the last local day the settle job has recounted ("settled through"): each run settles every closed day
 * after it (bounded look-back), so a missed run or a zone whose clock skips midnight is caught up, never skipped.
 */
const settleMarkSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    through: { type: String, required: true },
  },
  { timestamps: false, versionKey: false },
);
export const RollupSettleMarkModel = model('RollupSettleMark', settleMarkSchema);
