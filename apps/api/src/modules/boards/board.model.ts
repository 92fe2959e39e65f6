// A breakroom TV board of a store: only the SHA-256 of its link's token is kept, with its creator, last fetch, switch-off.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const boardSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    /** SHA-256 (hex) of the link's token (256 random bits): a copy of the database opens no board. */
    tokenHash: { type: String, required: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    lastSeenAt: { type: Date, default: null },
    /** Switched off: the link answers 404 and its sockets are closed. */
    revokedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
boardSchema.index({ tokenHash: 1 }, { unique: true });
boardSchema.index({ business: 1, store: 1, createdAt: -1 });

export type BoardDoc = InferSchemaType<typeof boardSchema> & { _id: Types.ObjectId };
export const BoardModel = model('Board', boardSchema);
