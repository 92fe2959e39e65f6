// Mailed sign-in codes (the login's second step while an account is throttled): hashed, short-lived, single use.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const loginCodeSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** HMAC of the code with the server secret. */
    codeHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true },
);
// Several codes may be live at once (a new one never cancels an earlier one); each is deleted when used.
loginCodeSchema.index({ user: 1, codeHash: 1 });

export type LoginCodeDoc = InferSchemaType<typeof loginCodeSchema> & { _id: Types.ObjectId };
export const LoginCodeModel = model('LoginCode', loginCodeSchema);
