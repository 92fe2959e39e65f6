// An enrolled kiosk tablet of a store: only the sha256 of its credential is kept, with who enrolled it and last use.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const kioskSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    label: { type: String, default: '', maxlength: 60 },
    /** sha256 (hex) of the credential: a copy of the database does not give anyone a working kiosk. */
    credentialHash: { type: String, required: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
kioskSchema.index({ credentialHash: 1 }, { unique: true });
kioskSchema.index({ business: 1, store: 1, createdAt: -1 });

export type KioskDoc = InferSchemaType<typeof kioskSchema> & { _id: Types.ObjectId };
export const KioskModel = model('Kiosk', kioskSchema);
