// A person's place in a business: their role and, for store managers and viewers, the stores and areas it covers.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ROLES } from '@cx/contracts';

const membershipSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    role: { type: String, enum: ROLES, required: true },
    /** True when the role covers every store (always for owner and admin); otherwise `stores` and `areas` say which. */
    allStores: { type: Boolean, default: true },
    stores: { type: [Schema.Types.ObjectId], default: [] },
    /** Areas granted: every store under them, also stores added or moved there later (tenancy/area-tree). */
    areas: { type: [Schema.Types.ObjectId], default: [] },
  },
  { timestamps: true },
);
membershipSchema.index({ business: 1, user: 1 }, { unique: true });
membershipSchema.index({ user: 1 });
membershipSchema.index({ business: 1, role: 1 });

export type MembershipDoc = InferSchemaType<typeof membershipSchema> & { _id: Types.ObjectId };
export const MembershipModel = model('Membership', membershipSchema);
