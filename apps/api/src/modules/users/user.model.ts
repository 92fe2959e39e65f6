// A person's account: credentials (hashed), profile, the current business and the selected store.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

export { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../tenancy/business.model';

const userSchema = new Schema(
  {
    fullname: { type: String, required: true, trim: true, maxlength: 255 },
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 255 },
    passwordHash: { type: String, required: true, select: false },
    /** Bumped on password change/reset so older JWTs stop working. */
    tokenVersion: { type: Number, default: 0 },
    profilePicture: { type: String, default: null },
    timeZone: { type: String, default: 'UTC' },
    emailVerifiedAt: { type: Date, default: null },
    /** The one-time code the first use of the verification link hands the web app (SHA-256; verify-sign-in.ts). */
    signInCodeHash: { type: String, default: null, select: false },
    signInCodeExpiresAt: { type: Date, default: null, select: false },
    /** When the last verification mail went out: a refused login resends it at most once per cooldown. */
    verificationSentAt: { type: Date, default: null },
    /** When the owner was last warned of many failed sign-ins (at most one warning a day). */
    failedAttemptsWarnedAt: { type: Date, default: null },
    /** The business the person works in now (the switcher); their role there is read from the membership. */
    currentBusiness: { type: Schema.Types.ObjectId, ref: 'Business', default: null },
    selectedStore: { type: Schema.Types.ObjectId, ref: 'Store', default: null },
  },
  { timestamps: true },
);
userSchema.index({ email: 1 }, { unique: true });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId };
export const UserModel = model('User', userSchema);
