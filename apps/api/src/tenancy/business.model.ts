// The tenant: a business with its name, default time zone and subscription; every business record points to one.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const businessSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 255 },
    /** Default for new stores and the business's own digests. */
    timeZone: { type: String, default: 'UTC' },
    /** Who signed up for it (ownership itself is the owner membership, which can be transferred). */
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    subscriptionStatus: { type: String, enum: SUBSCRIPTION_STATUSES, default: 'trialing' },
    trialEndsAt: { type: Date, default: null },
    currentPeriodEnd: { type: Date, default: null },
    currentPeriodStart: { type: Date, default: null },
    plan: { type: String, default: null },
    stripeCustomerId: { type: String, default: null },
    stripeSubscriptionId: { type: String, default: null },
    cancelAtPeriodEnd: { type: Boolean, default: false },
    /** When the subscription fell past due: access lasts a grace period from here (plans module). */
    pastDueSince: { type: Date, default: null },
    /**
     * Ordering key of the Stripe state last applied (subscription start, period end, terminal flag, Stripe's time):
     * a webhook only changes the subscription when its key is greater, so late or replayed events never go backwards.
     */
    billingOrder: { type: String, default: null },
    /** The chain's logo (a GridFS file id, public purpose 'logo') on posters, QR pages and boards. */
    brandLogo: { type: String, default: null },
    /** The chain's colour, #rrggbb (validated by the contract), or null for the product's own. */
    brandColor: { type: String, default: null },
    /** The first week's setup (modules/onboarding): only a business founded by sign-up has startedAt. */
    onboarding: {
      startedAt: { type: Date, default: null },
      firstRunAt: { type: Date, default: null },
      storesPlanned: { type: Number, default: null },
      dismissedAt: { type: Date, default: null },
      /** The first poster or QR code downloaded (the "print posters" item). */
      postersAt: { type: Date, default: null },
    },
  },
  { timestamps: true },
);
businessSchema.index({ stripeCustomerId: 1 }, { sparse: true });

export type BusinessDoc = InferSchemaType<typeof businessSchema> & { _id: Types.ObjectId };
export const BusinessModel = model('Business', businessSchema);
