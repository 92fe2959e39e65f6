// The audit log: one append-only entry per change a member (or the system, or a customer's signed link) made; the API has no route that edits or deletes one.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { AUDIT_ACTOR_ROLES, AUDIT_KINDS } from '@cx/contracts';

const auditSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    at: { type: Date, required: true },
    actor: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** Name and role as they were when the change was made: history does not change with a later rename. */
    actorName: { type: String, required: true },
    /** A member's role, or 'system' / 'customer' for steps no member took (then `actor` is a fixed id, tenancy/audit.ts). */
    actorRole: { type: String, enum: AUDIT_ACTOR_ROLES, required: true },
    /** Set when an API key acted: then `actor` is the key's id and `actorName` names the key. */
    apiKey: { type: Schema.Types.ObjectId, ref: 'ApiKey', default: null },
    kind: { type: String, enum: AUDIT_KINDS, required: true },
    action: { type: String, required: true },
    summary: { type: String, required: true, maxlength: 500 },
    store: { type: Schema.Types.ObjectId, ref: 'Store', default: null },
    storeName: { type: String, default: null },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false },
);
auditSchema.index({ business: 1, _id: -1 });
auditSchema.index({ business: 1, actor: 1, _id: -1 });
auditSchema.index({ business: 1, store: 1, _id: -1 });
auditSchema.index({ business: 1, kind: 1, _id: -1 });

export type AuditDoc = InferSchemaType<typeof auditSchema> & { _id: Types.ObjectId };
export const AuditModel = model('AuditEntry', auditSchema);
