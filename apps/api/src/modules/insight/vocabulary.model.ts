// A business's comment-theme vocabulary: the phrases discovered in its comments and the owner's names, merges, hides.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const vocabularySchema = new Schema(
  {
    /** The business: one vocabulary each. */
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    /** Recurring phrases found in recent comments (the quick tags are always part of the vocabulary). */
    discovered: {
      type: [
        new Schema(
          {
            phrase: { type: String, required: true },
            kind: { type: String, enum: ['topic', 'phrase'], required: true },
            /** Comments that mentioned it in the discovery run that last saw it. */
            count: { type: Number, default: 0 },
            at: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    /** The owner's choices per theme key: a shown name, hidden, merged into another key. */
    settings: {
      type: [
        new Schema(
          {
            key: { type: String, required: true },
            name: { type: String, default: null },
            hidden: { type: Boolean, default: false },
            mergedInto: { type: String, default: null },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    discoveredAt: { type: Date, default: null },
    /** The latest new comment that discovery has not necessarily read yet (see discovery.job.ts). */
    owedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
vocabularySchema.index({ business: 1 }, { unique: true });
vocabularySchema.index({ owedAt: 1 }, { partialFilterExpression: { owedAt: { $type: 'date' } } });

export type VocabularyDoc = InferSchemaType<typeof vocabularySchema> & { _id: Types.ObjectId };
export const VocabularyModel = model('ThemeVocabulary', vocabularySchema);
