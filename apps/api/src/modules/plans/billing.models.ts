// What billing stores beside the user: Stripe events already applied, and checkout/portal sessions we created.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/** One row per Stripe event id: a redelivered event is answered without being applied again. */
const stripeEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    applied: { type: Boolean, required: true },
    receivedAt: { type: Date, required: true },
  },
  { timestamps: false, versionKey: false },
);
export const StripeEventModel = model('StripeEvent', stripeEventSchema);

/**
 * A checkout (or local portal) session: the caller's idempotency key maps to one session, so a double click gets
 * the same one. Without Stripe keys this is also the local test checkout's state, including its subscription.
 */
const billingSessionSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    kind: { type: String, enum: ['checkout', 'portal'], default: 'checkout' },
    idempotencyKey: { type: String, default: null },
    sessionId: { type: String, required: true },
    url: { type: String, required: true },
    plan: { type: String, default: null },
    priceId: { type: String, default: null },
    customer: { type: String, default: null },
    status: { type: String, enum: ['open', 'complete', 'expired'], default: 'open' },
    /** Local test checkout only: the subscription the successful payment created. */
    subscription: {
      type: new Schema(
        {
          id: String,
          status: String,
          startDate: Number,
          periodStart: Number,
          periodEnd: Number,
          cancelAtPeriodEnd: Boolean,
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true },
);
billingSessionSchema.index({ sessionId: 1 }, { unique: true });
billingSessionSchema.index(
  { business: 1, idempotencyKey: 1 },
  { unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } },
);
billingSessionSchema.index({ 'subscription.id': 1 }, { sparse: true });

export type BillingSessionDoc = InferSchemaType<typeof billingSessionSchema> & { _id: Types.ObjectId };
export const BillingSessionModel = model('BillingSession', billingSessionSchema);
