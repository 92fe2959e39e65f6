// Password-reset codes: each request adds a hashed OTP with its expiry; a verified one carries a hashed reset token.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const passwordResetSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** HMAC of the code: a 6-digit code hashed without a secret falls to a million guesses. */
    otpHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    verifiedAt: { type: Date, default: null },
    resetTokenHash: { type: String, default: null },
    resetTokenExpiresAt: { type: Date, default: null },
  },
  { timestamps: true },
);
// Several codes per user may be live at once: a new request never cancels one still valid (docs/decisions.md).
passwordResetSchema.index({ user: 1, otpHash: 1 });

export type PasswordResetDoc = InferSchemaType<typeof passwordResetSchema> & { _id: Types.ObjectId };
// A new collection: the old `passwordresets` one carries a unique index on user (one code per user).
export const PasswordResetModel = model('PasswordResetCode', passwordResetSchema);
