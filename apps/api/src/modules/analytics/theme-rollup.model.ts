// Per store-local day, the comments that mention each theme (by kind and rated person), split by sentiment.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/**
 * One row per store, local day, theme key, rating kind and rated person (null for experience ratings): kept by
 * marked $inc upserts from each rating's `themes` pending entries, so every comment counts exactly once, and only
 * while the rating counts in the figures (flagged ones are taken out, restored ones put back).
 */
const themeRollupSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    staff: { type: Schema.Types.ObjectId, ref: 'Staff', default: null },
    kind: { type: String, enum: ['staff', 'experience'], required: true },
    day: { type: String, required: true },
    /** The theme's key (a quick tag or a discovered phrase); renames and merges are applied on read. */
    theme: { type: String, required: true },
    count: { type: Number, default: 0 },
    positive: { type: Number, default: 0 },
    neutral: { type: Number, default: 0 },
    negative: { type: Number, default: 0 },
    /** Ids of recent pending entries already added (a re-applied entry is a no-op; pruned by the drainer). */
    applied: { type: [Schema.Types.ObjectId], default: undefined },
  },
  { timestamps: false, minimize: true },
);
themeRollupSchema.index({ store: 1, day: 1, theme: 1, kind: 1, staff: 1 }, { unique: true });
themeRollupSchema.index({ business: 1, day: 1 });
themeRollupSchema.index({ applied: 1 }, { sparse: true });

export type ThemeRollupDoc = InferSchemaType<typeof themeRollupSchema> & { _id: Types.ObjectId };
export const ThemeRollupModel = model('ThemeRollup', themeRollupSchema);
