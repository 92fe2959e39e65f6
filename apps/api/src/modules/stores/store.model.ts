// A store of a business: identity, location/time zone, opening hours, social links and its three QR interfaces.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const interfaceSchema = new Schema({ status: { type: Boolean, default: true } }, { _id: false });

const openingHoursSchema = new Schema(
  {
    day: { type: Number, min: 0, max: 6, required: true },
    open: { type: String, default: '09:00' },
    close: { type: String, default: '17:00' },
    closed: { type: Boolean, default: false },
  },
  { _id: false },
);

const storeSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    name: { type: String, required: true, trim: true, maxlength: 255 },
    image: { type: String, default: null },
    address: { type: String, default: '', maxlength: 500 },
    timeZone: { type: String, required: true, default: 'UTC' },
    openingHours: { type: [openingHoursSchema], default: [] },
    socialLinks: {
      googleReview: { type: String, default: null },
      facebook: { type: String, default: null },
      instagram: { type: String, default: null },
      tripadvisor: { type: String, default: null },
      website: { type: String, default: null },
    },
    /** interface1 = rate staff, interface2 = rate experience, interface3 = social media. */
    interfaces: {
      interface1: { type: interfaceSchema, default: () => ({ status: true }) },
      interface2: { type: interfaceSchema, default: () => ({ status: true }) },
      interface3: { type: interfaceSchema, default: () => ({ status: true }) },
    },
    /** Minutes before one device may rate the same subject here again (0: no limit); effective value (see below). */
    minRatingIntervalMinutes: { type: Number, default: 60 },
    /** The languages its QR pages offer, the first the fallback; effective value. */
    languages: { type: [String], default: () => ['en', 'es'] },
    /**
     * The settings (time zone, opening hours, interval, languages) the store takes from its area instead of setting
     * them itself. The fields above always hold the effective values (tenancy/area-settings.ts writes the inherited
     * ones), so every reader keeps reading the store. A store saved before areas had settings inherits nothing.
     */
    inherits: { type: [String], default: [] },
    /** For each inherited setting, the area that sets it (null: none does, the default applies). */
    inheritedFrom: { type: Schema.Types.Mixed, default: () => ({}) },
    /** The area of the location tree the store sits under (tenancy/areas); null only before the areas migration. */
    area: { type: Schema.Types.ObjectId, ref: 'Area', default: null },
    /** The chain's own store code, unique among the business's live stores (a delete moves it to formerCode). */
    code: { type: String, default: undefined, trim: true, maxlength: 64 },
    formerCode: { type: String, default: undefined },
    /** Filters and groupings (franchisee, format, mall…), not a tree. */
    tags: { type: [String], default: [] },
    /** Soft delete: ratings keep pointing at the store for history. */
    deletedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
storeSchema.index({ business: 1, deletedAt: 1, name: 1 });
storeSchema.index({ business: 1, area: 1 });
// Only stores that have a code take part, so any number of stores may have none.
storeSchema.index(
  { business: 1, code: 1 },
  { unique: true, partialFilterExpression: { code: { $type: 'string' } } },
);
storeSchema.index({ business: 1, tags: 1 });

export type StoreDoc = InferSchemaType<typeof storeSchema> & { _id: Types.ObjectId };
export const StoreModel = model('Store', storeSchema);
