// Password-reset state per user: the hashed OTP with its expiry and tries, then the hashed short-lived reset token.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const passwordResetSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** HMAC of the code: a 6-digit code hashed without a secret falls to a million guesses. */
    otpHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    /** Wrong tries; at MAX_OTP_ATTEMPTS the code is dead even if the right one follows. */
    attempts: { type: Number, default: 0 },
    verifiedAt: { type: Date, default: null },
    resetTokenHash: { type: String, default: null },
    resetTokenExpiresAt: { type: Date, default: null },
    consumedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
// One live reset per user: a new request replaces the old code.
passwordResetSchema.index({ user: 1 }, { unique: true });

export type PasswordResetDoc = InferSchemaType<typeof passwordResetSchema> & { _id: Types.ObjectId };
export const PasswordResetModel = model('PasswordReset', passwordResetSchema);
