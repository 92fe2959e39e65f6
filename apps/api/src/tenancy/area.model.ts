// An area of a business's location tree: its parent and the ancestor path that makes "everything under it" one query.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const areaSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    name: { type: String, required: true, trim: true, maxlength: 120 },
    /** The name as compared among siblings: names are unique among an area's children, ignoring case. */
    nameKey: { type: String, required: true },
    /** Null only for the business's one top area. */
    parent: { type: Schema.Types.ObjectId, ref: 'Area', default: null },
    /** Every area above this one, top first: subtree = `{ ancestors: id }`, a move rewrites the moved subtree only. */
    ancestors: { type: [Schema.Types.ObjectId], default: [] },
    /** What the area sets for the stores below it (tenancy/area-settings.ts); an absent key is passed on from above. */
    settings: {
      timeZone: { type: String, default: undefined },
      openingHours: {
        type: [{ _id: false, day: Number, open: String, close: String, closed: Boolean }],
        default: undefined,
      },
      minRatingIntervalMinutes: { type: Number, default: undefined },
      languages: { type: [String], default: undefined },
    },
    /** Set on the top area only; the sibling-name index (parent null) keeps it to one per business. */
    isRoot: { type: Boolean, default: undefined },
  },
  { timestamps: true },
);
areaSchema.index({ business: 1, parent: 1, nameKey: 1 }, { unique: true });
areaSchema.index({ business: 1, ancestors: 1 });

export type AreaDoc = InferSchemaType<typeof areaSchema> & { _id: Types.ObjectId };
export const AreaModel = model('Area', areaSchema);

/** How names compare among siblings. */
export const areaNameKey = (name: string) => name.trim().toLocaleLowerCase('en');
