// A business's ranking settings: the minimum ratings before a person or store is ranked (the Bayesian weight).
import { Schema, model, type InferSchemaType } from 'mongoose';

export const DEFAULT_MIN_SAMPLE = 10;

const analyticsSettingsSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    minSample: { type: Number, min: 1, max: 500, default: DEFAULT_MIN_SAMPLE },
  },
  { timestamps: true },
);
analyticsSettingsSchema.index({ business: 1 }, { unique: true });

export type AnalyticsSettingsDoc = InferSchemaType<typeof analyticsSettingsSchema>;
export const AnalyticsSettingsModel = model('AnalyticsSettings', analyticsSettingsSchema);

export async function minSampleOf(business: string): Promise<number> {
  const doc = await AnalyticsSettingsModel.findOne({ business }, { minSample: 1 }).lean();
  return doc?.minSample ?? DEFAULT_MIN_SAMPLE;
}

export async function setMinSample(business: string, minSample: number): Promise<number> {
  const doc = await AnalyticsSettingsModel.findOneAndUpdate(
    { business },
    { $set: { minSample } },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  return doc?.minSample ?? minSample;
}
