// A target: one metric's goal set on one node of the location tree (the top area, an area or a store).
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { TARGET_METRICS } from '@cx/contracts';

const targetSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    /** An area's id (the top area's is the business's id) or a store's id. */
    node: { type: Schema.Types.ObjectId, required: true },
    nodeKind: { type: String, enum: ['area', 'store'], required: true },
    metric: { type: String, enum: TARGET_METRICS, required: true },
    value: { type: Number, required: true },
    updatedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
targetSchema.index({ business: 1, node: 1, metric: 1 }, { unique: true });

export type TargetDoc = InferSchemaType<typeof targetSchema> & { _id: Types.ObjectId; updatedAt: Date };
export const TargetModel = model('Target', targetSchema);
