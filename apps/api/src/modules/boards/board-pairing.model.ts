// A TV pairing code for a store's board: only its SHA-256 is kept, with who asked, until it is used or expires.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const boardPairingSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    /** SHA-256 (hex) of the upper-case code. */
    codeHash: { type: String, required: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    expiresAt: { type: Date, required: true },
    /** Set by the one redeem that wins: a code opens one TV. */
    usedAt: { type: Date, default: null },
    /** The board the code opened. */
    board: { type: Schema.Types.ObjectId, ref: 'Board', default: null },
  },
  { timestamps: true },
);
boardPairingSchema.index({ codeHash: 1 }, { unique: true });
// Gone a day after expiry (kept that long so the audit trail's "paired a TV" can still be explained).
boardPairingSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 86_400 });

export type BoardPairingDoc = InferSchemaType<typeof boardPairingSchema> & { _id: Types.ObjectId };
export const BoardPairingModel = model('BoardPairing', boardPairingSchema);
