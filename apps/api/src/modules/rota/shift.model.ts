// A rota shift: one staff member at one store between two instants (stored UTC, entered in the store's time zone).
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const shiftSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    staff: { type: Schema.Types.ObjectId, ref: 'Staff', required: true },
    start: { type: Date, required: true },
    end: { type: Date, required: true },
    /** The shift's start date in the store's time zone (YYYY-MM-DD), for week views. */
    day: { type: String, required: true },
  },
  { timestamps: true },
);
shiftSchema.index({ staff: 1, start: 1 });
shiftSchema.index({ store: 1, start: 1 });
shiftSchema.index({ business: 1, day: 1 });

export type ShiftDoc = InferSchemaType<typeof shiftSchema> & { _id: Types.ObjectId };
export const ShiftModel = model('Shift', shiftSchema);
