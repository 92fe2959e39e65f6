// A customer's request to be contacted about one rating: the only place their email or phone is held, erased after retention.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const contactSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    /** One request per rating (a retried submit stores it once). */
    rating: { type: Schema.Types.ObjectId, ref: 'Rating', required: true },
    /** Lower-cased; null when only a phone was given, and once erased. */
    email: { type: String, default: null },
    /** As typed; null when only an email was given, and once erased. */
    phone: { type: String, default: null },
    /** Digits only, for finding a subject whatever the spacing they typed. */
    phoneDigits: { type: String, default: null },
    consentAt: { type: Date, required: true },
    /** Set when the details are erased (retention or a data-subject request); the case stays without them. */
    erasedAt: { type: Date, default: null },
    /** When the retention job erases the details: set when the case ends (resolved/closed + the business's days). */
    eraseAt: { type: Date, default: null },
  },
  { timestamps: true },
);
contactSchema.index({ rating: 1 }, { unique: true });
contactSchema.index({ business: 1, email: 1 });
contactSchema.index({ business: 1, phoneDigits: 1 });
contactSchema.index({ eraseAt: 1 }, { partialFilterExpression: { eraseAt: { $type: 'date' } } });

export type ContactRequestDoc = InferSchemaType<typeof contactSchema> & { _id: Types.ObjectId };
export const ContactRequestModel = model('ContactRequest', contactSchema);
