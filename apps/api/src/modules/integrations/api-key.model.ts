// A business's API key: scopes, optional store limit, the SHA-256 of its secret (never the secret), use and revocation.
import { createHash } from 'node:crypto';
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { API_KEY_SCOPES } from '@cx/contracts';

const apiKeySchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    name: { type: String, required: true, maxlength: 80 },
    /** The key's first characters, shown in lists so a person can tell keys apart. */
    prefix: { type: String, required: true },
    /** SHA-256 (hex) of the whole key: the key has 192 random bits, so a fast hash is enough and lookups are exact. */
    hash: { type: String, required: true },
    scopes: { type: [{ type: String, enum: API_KEY_SCOPES }], required: true },
    /** Empty: every store of the business. */
    stores: { type: [{ type: Schema.Types.ObjectId, ref: 'Store' }], default: [] },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
apiKeySchema.index({ hash: 1 }, { unique: true });
apiKeySchema.index({ business: 1, createdAt: -1 });

export type ApiKeyDoc = InferSchemaType<typeof apiKeySchema> & { _id: Types.ObjectId };
export const ApiKeyModel = model('ApiKey', apiKeySchema);

/** SHA-256 of a presented key: how a key is looked up (exact match on a unique index). */
export const apiKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');
