// Raw anonymous events that are not ratings (QR visits and social-link clicks): idempotency and rollup recomputation.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { indexPendingWork, pendingWorkSchema, type PendingWork } from '../ratings/pending-work';

export const FEEDBACK_EVENT_TYPES = ['visit', 'social'] as const;

/** Raw events are only needed for retries and audits; dashboards read the rollups, so they expire after 400 days. */
export const FEEDBACK_EVENT_RETENTION_SECONDS = 400 * 24 * 3600;

const feedbackEventSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    type: { type: String, enum: FEEDBACK_EVENT_TYPES, required: true },
    /** The social network clicked (type 'social'). */
    network: { type: String, default: null },
    /** Store-local day (YYYY-MM-DD), the rollup key. */
    day: { type: String, required: true },
    /** false for a visit that does not count (see `untracked`): kept for the retry answer, not counted in rollups. */
    tracked: { type: Boolean, default: true },
    /** Why an untracked visit does not count: 'repeat' (device seen today), 'network' (flood), 'allowance' (cap). */
    untracked: { type: String, enum: ['repeat', 'network', 'allowance'], default: null },
    source: { type: String, enum: ['qr', 'kiosk'], default: 'qr' },
    deviceHash: { type: String, default: null },
    idempotencyKey: { type: String, required: true },
    /** Rollup work still owed (a tracked visit or a click): written with the insert. */
    pending: { type: [pendingWorkSchema], default: undefined },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
feedbackEventSchema.index({ store: 1, idempotencyKey: 1 }, { unique: true });
feedbackEventSchema.index({ createdAt: 1 }, { expireAfterSeconds: FEEDBACK_EVENT_RETENTION_SECONDS });

indexPendingWork(feedbackEventSchema);
feedbackEventSchema.index({ day: 1 });

export type FeedbackEventDoc = Omit<InferSchemaType<typeof feedbackEventSchema>, 'pending'> & {
  _id: Types.ObjectId;
  pending?: PendingWork[] | null;
};
export const FeedbackEventModel = model('FeedbackEvent', feedbackEventSchema);
