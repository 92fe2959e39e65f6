// An invitation to join a business: role and stores, a hashed single-use token, expiry, acceptance or revocation.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const invitationSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 255 },
    role: { type: String, enum: ['admin', 'manager', 'viewer'], required: true },
    /** True when the role covers every store; otherwise `stores` and `areas` (whole subtrees) say which. */
    allStores: { type: Boolean, default: true },
    stores: { type: [Schema.Types.ObjectId], default: [] },
    areas: { type: [Schema.Types.ObjectId], default: [] },
    invitedBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** sha256 (hex) of the mailed random token: the database never holds a working link. */
    tokenHash: { type: String, required: true, select: false },
    expiresAt: { type: Date, required: true },
    acceptedAt: { type: Date, default: null },
    acceptedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    revokedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
invitationSchema.index({ tokenHash: 1 }, { unique: true });
invitationSchema.index({ business: 1, email: 1 });

export type InvitationDoc = InferSchemaType<typeof invitationSchema> & { _id: Types.ObjectId };
export const InvitationModel = model('Invitation', invitationSchema);

/** Pending: neither accepted nor revoked, and not yet expired. */
export const pendingFilter = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { $gt: now } });
