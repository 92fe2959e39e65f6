// A business's own chip lists for the QR rating forms (absent: the product's translated defaults).
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const bandsSchema = new Schema(
  { good: { type: [String], default: [] }, bad: { type: [String], default: [] } },
  { _id: false },
);

const chipsSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    staff: { type: bandsSchema, required: true },
    experience: { type: bandsSchema, required: true },
  },
  { timestamps: true },
);
chipsSchema.index({ business: 1 }, { unique: true });

export type FeedbackChipsDoc = InferSchemaType<typeof chipsSchema> & { _id: Types.ObjectId };
export const FeedbackChipsModel = model('FeedbackChips', chipsSchema);
