// A case: one complaint or contact request with a store, an owner, a status, a due time, notes, messages and history.
import { CASE_PRIORITIES, CASE_REASONS, CASE_STATUSES, DISPUTE_STATES, ROOT_CAUSES } from '@cx/contracts';
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const noteSchema = new Schema(
  {
    author: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    authorName: { type: String, required: true },
    text: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: true },
);

/** The conversation with the customer and the named staff member (never internal notes). */
const messageSchema = new Schema(
  {
    from: { type: String, enum: ['member', 'customer', 'staff'], required: true },
    author: { type: String, required: true },
    /** The member who sent a reply. */
    user: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    channel: { type: String, enum: ['email', 'sms', 'link', 'scorecard'], required: true },
    text: { type: String, required: true },
    at: { type: Date, required: true },
    delivered: { type: Boolean, default: null },
  },
  { _id: true },
);

const eventSchema = new Schema(
  {
    at: { type: Date, required: true },
    actor: { type: String, required: true },
    action: { type: String, required: true },
    summary: { type: String, required: true },
  },
  { _id: false },
);

const caseSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    /** Per-business running number ("#12"). */
    number: { type: Number, required: true },
    /** At most one case per rating (a retried rule evaluation opens nothing twice). */
    rating: { type: Schema.Types.ObjectId, ref: 'Rating', default: null },
    /** The staff member the rating names (their right of reply). */
    staff: { type: Schema.Types.ObjectId, ref: 'Staff', default: null },
    reason: { type: String, enum: CASE_REASONS, required: true },
    summary: { type: String, required: true },
    rule: { type: Schema.Types.ObjectId, ref: 'NotificationRule', default: null },
    status: { type: String, enum: CASE_STATUSES, default: 'new' },
    priority: { type: String, enum: CASE_PRIORITIES, default: 'normal' },
    owner: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    ownerName: { type: String, default: null },
    dueAt: { type: Date, required: true },
    /** Levels escalated so far (0: none); the next escalation is due at nextEscalationAt while open. */
    escalationLevel: { type: Number, default: 0 },
    nextEscalationAt: { type: Date, default: null },
    /** The area the case last escalated to (null: the store level, or the owner/admins). */
    escalatedTo: { type: Schema.Types.ObjectId, ref: 'Area', default: null },
    rootCause: { type: String, enum: [...ROOT_CAUSES, null], default: null },
    action: { type: String, default: null },
    /** The request the customer made (ContactRequest), when they asked to be contacted. */
    contact: { type: Schema.Types.ObjectId, ref: 'ContactRequest', default: null },
    firstResponseAt: { type: Date, default: null },
    resolvedAt: { type: Date, default: null },
    closedAt: { type: Date, default: null },
    /** Resolved by its due time (set on resolution). */
    withinSla: { type: Boolean, default: null },
    recovered: { type: Boolean, default: null },
    /** When the customer was mailed "did we put it right?" (claimed atomically: asked once). */
    recoveryAskedAt: { type: Date, default: null },
    /** The nonce that signs the customer's reply link (rotated on erase, which kills the link). */
    linkNonce: { type: String, default: null },
    staffSide: { type: String, default: null },
    dispute: { type: String, enum: DISPUTE_STATES, default: 'none' },
    disputeBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    disputeAt: { type: Date, default: null },
    notes: { type: [noteSchema], default: [] },
    messages: { type: [messageSchema], default: [] },
    history: { type: [eventSchema], default: [] },
  },
  { timestamps: true },
);
caseSchema.index({ rating: 1 }, { unique: true, partialFilterExpression: { rating: { $type: 'objectId' } } });
caseSchema.index({ business: 1, number: 1 }, { unique: true });
// The inbox: a business's cases by status, due soonest first.
caseSchema.index({ business: 1, status: 1, dueAt: 1, _id: 1 });
caseSchema.index({ business: 1, store: 1, createdAt: -1 });
// The escalation job: open cases whose next escalation is due.
caseSchema.index(
  { nextEscalationAt: 1 },
  { partialFilterExpression: { nextEscalationAt: { $type: 'date' } } },
);
caseSchema.index({ staff: 1, status: 1 });
// The recovery job: resolved cases whose customer has not been asked "did we put it right?" yet.
caseSchema.index({ status: 1, recoveryAskedAt: 1, resolvedAt: 1 });
// The loop job's repair of unfair rulings (recent ones).
caseSchema.index({ dispute: 1, disputeAt: 1 });

export type CaseDoc = InferSchemaType<typeof caseSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const CaseModel = model('Case', caseSchema);
