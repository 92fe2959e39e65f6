// A staff member of a business, working at one or more of its stores; soft-deleted to keep rating history.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const staffSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    name: { type: String, required: true, trim: true, maxlength: 255 },
    photo: { type: String, default: null },
    role: { type: String, default: '', trim: true, maxlength: 255 },
    /** Work email (lower case), optional: matches the person in a rota import. */
    email: { type: String, default: null, trim: true, lowercase: true, maxlength: 254 },
    stores: { type: [{ type: Schema.Types.ObjectId, ref: 'Store' }], default: [] },
    active: { type: Boolean, default: true },
    deletedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
staffSchema.index({ business: 1, deletedAt: 1, name: 1 });
staffSchema.index({ stores: 1, active: 1 });

export type StaffDoc = InferSchemaType<typeof staffSchema> & { _id: Types.ObjectId };
export const StaffModel = model('Staff', staffSchema);
