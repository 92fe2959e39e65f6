// The business user account: credentials (hashed), profile, subscription state and the selected store.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const userSchema = new Schema(
  {
    fullname: { type: String, required: true, trim: true, maxlength: 255 },
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 255 },
    passwordHash: { type: String, required: true, select: false },
    /** Bumped on password change/reset so older JWTs stop working. */
    tokenVersion: { type: Number, default: 0 },
    profilePicture: { type: String, default: null },
    userType: { type: String, enum: ['business-owner'], default: 'business-owner' },
    timeZone: { type: String, default: 'UTC' },
    emailVerifiedAt: { type: Date, default: null },
    /** When the last verification mail went out: a refused login resends it at most once per cooldown. */
    verificationSentAt: { type: Date, default: null },
    subscriptionStatus: { type: String, enum: SUBSCRIPTION_STATUSES, default: 'trialing' },
    trialEndsAt: { type: Date, default: null },
    currentPeriodEnd: { type: Date, default: null },
    plan: { type: String, default: null },
    stripeCustomerId: { type: String, default: null },
    stripeSubscriptionId: { type: String, default: null },
    currentPeriodStart: { type: Date, default: null },
    cancelAtPeriodEnd: { type: Boolean, default: false },
    /** When the subscription fell past due: access lasts a grace period from here (plans module). */
    pastDueSince: { type: Date, default: null },
    /**
     * Ordering key of the Stripe state last applied (subscription start, period end, terminal flag, Stripe's time):
     * a webhook only changes the subscription when its key is greater, so late or replayed events never go backwards.
     */
    billingOrder: { type: String, default: null },
    selectedStore: { type: Schema.Types.ObjectId, ref: 'Store', default: null },
  },
  { timestamps: true },
);
userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ stripeCustomerId: 1 }, { sparse: true });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId };
export const UserModel = model('User', userSchema);
