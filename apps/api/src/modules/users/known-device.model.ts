// Known devices: browsers that signed in to an account before, stored only as a hash of their token, with last use.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const knownDeviceSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** SHA-256 of the 256-bit token the browser keeps; the token itself is never stored. */
    tokenHash: { type: String, required: true },
    lastUsedAt: { type: Date, required: true },
  },
  { timestamps: true },
);
knownDeviceSchema.index({ user: 1, tokenHash: 1 }, { unique: true });
knownDeviceSchema.index({ user: 1, lastUsedAt: -1 });

export type KnownDeviceDoc = InferSchemaType<typeof knownDeviceSchema> & { _id: Types.ObjectId };
export const KnownDeviceModel = model('KnownDevice', knownDeviceSchema);
