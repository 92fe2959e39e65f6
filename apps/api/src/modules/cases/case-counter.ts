// Atomic counters the cases module needs: each business's running case number and each store's round-robin turn.
import { Schema, model } from 'mongoose';

const counterSchema = new Schema(
  { _id: { type: String, required: true }, n: { type: Number, default: 0 } },
  { versionKey: false },
);
const CaseCounterModel = model('CaseCounter', counterSchema, 'casecounters');

/** The next value (1, 2, …): one $inc upsert; two first callers at once retry the increment on the duplicate. */
export async function nextCount(key: string): Promise<number> {
  try {
    const doc = await CaseCounterModel.findOneAndUpdate(
      { _id: key },
      { $inc: { n: 1 } },
      { upsert: true, returnDocument: 'after' },
    ).lean();
    return doc!.n;
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    const doc = await CaseCounterModel.findOneAndUpdate(
      { _id: key },
      { $inc: { n: 1 } },
      { returnDocument: 'after' },
    ).lean();
    return doc!.n;
  }
}

export const caseNumberKey = (business: unknown) => `case-number:${String(business)}`;
export const roundRobinKey = (store: unknown) => `case-turn:${String(store)}`;
