// Anonymous customer feedback: a staff or experience rating, its store-local day, and anti-gaming flags.
import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { indexPendingWork, pendingWorkSchema, type PendingWork } from './pending-work';

export const RATING_KINDS = ['staff', 'experience'] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

const ratingSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    store: { type: Schema.Types.ObjectId, ref: 'Store', required: true },
    staff: { type: Schema.Types.ObjectId, ref: 'Staff', default: null },
    kind: { type: String, enum: RATING_KINDS, required: true },
    score: { type: Number, min: 1, max: 5, required: true },
    comment: { type: String, default: '', maxlength: 1000 },
    tags: { type: [String], default: [] },
    /** The day the rating was made in the store's time zone (YYYY-MM-DD): analytics group by it. */
    day: { type: String, required: true },
    outsideShift: { type: Boolean, default: false },
    /** Local hour (0–23) in the store's zone when given: the heatmap's cell. */
    hour: { type: Number, min: 0, max: 23, default: null },
    /** Experience ratings: the people on shift at the store at that moment (their "shift experience" credit). */
    onShift: { type: [{ type: Schema.Types.ObjectId, ref: 'Staff' }], default: undefined },
    source: { type: String, enum: ['qr', 'kiosk'], default: 'qr' },
    /** Salted hashes (daily salt) of device and network: never the raw IP or user agent. */
    deviceHash: { type: String, default: null },
    networkHash: { type: String, default: null },
    idempotencyKey: { type: String, default: null },
    flag: {
      suspicious: { type: Boolean, default: false },
      reasons: { type: [String], default: [] },
      reviewedAt: { type: Date, default: null },
      restored: { type: Boolean, default: false },
    },
    /**
     * What the comment says, computed once on the durable path from the rating (the `insight` reaction), never on
     * read: its language, sentiment and the business's themes it mentions. Absent until computed or without comment.
     */
    insight: {
      type: new Schema(
        {
          language: { type: String, required: true },
          sentiment: {
            label: { type: String, enum: ['negative', 'neutral', 'positive'], required: true },
            score: { type: Number, required: true },
          },
          themes: { type: [String], default: [] },
          /** Whether the themes are in the theme rollups now (flipped only with the owed `themes` pending entry). */
          counted: { type: Boolean, default: false },
        },
        { _id: false },
      ),
      default: undefined,
    },
    /** A positive comment naming a staff member of the store (or the rated person): their shout-out, unless hidden. */
    shoutOut: {
      type: new Schema(
        {
          staff: { type: Schema.Types.ObjectId, ref: 'Staff', required: true },
          hidden: { type: Boolean, default: false },
        },
        { _id: false },
      ),
      default: undefined,
    },
    /**
     * A manager ruled the rating unfair to the staff member it names (a dispute in their case): it leaves that person's
     * figures (their rollup rows) but still counts for the store. Flipped only with the owed `staff-out` entry.
     */
    staffExcluded: { type: Boolean, default: undefined },
    /** Derived work still owed (rollups, reactions): written with the insert or the flag change that caused it. */
    pending: { type: [pendingWorkSchema], default: undefined },
  },
  { timestamps: true },
);
ratingSchema.index(
  { store: 1, idempotencyKey: 1 },
  { unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } },
);
// Timeline and flagged review pages sort newest first with _id as the tie-break: the index carries both, so MongoDB
// walks it in order and stops at the page size instead of sorting every rating of the period in memory.
ratingSchema.index({ business: 1, createdAt: -1, _id: -1 });
ratingSchema.index({ store: 1, day: 1 });
ratingSchema.index({ staff: 1, day: 1 });
// Anti-gaming look-backs: the same subject (staff member, or the store's experience when staff is null) from one
// device or one network within minutes.
ratingSchema.index({ deviceHash: 1, store: 1, staff: 1, createdAt: -1 });
ratingSchema.index({ networkHash: 1, store: 1, staff: 1, createdAt: -1 });
ratingSchema.index({ business: 1, 'flag.suspicious': 1, createdAt: -1, _id: -1 });
// Notification window rules: a store's ratings of the last minutes (bounded by time, never a scan).
ratingSchema.index({ store: 1, createdAt: -1 });

indexPendingWork(ratingSchema);
// Shout-outs of a person (scorecard) or of a store (breakroom board), newest first.
ratingSchema.index({ 'shoutOut.staff': 1, createdAt: -1 }, { sparse: true });
ratingSchema.index({ store: 1, 'shoutOut.hidden': 1, createdAt: -1 }, { sparse: true });
// Example comments of a theme ("What customers talk about"): newest first among the business's comments naming it.
ratingSchema.index({ business: 1, 'insight.themes': 1, createdAt: -1 });
// Settling a closed day reads that day's ratings of every store at once.
ratingSchema.index({ day: 1 });

export type RatingDoc = Omit<InferSchemaType<typeof ratingSchema>, 'pending'> & {
  _id: Types.ObjectId;
  pending?: PendingWork[] | null;
};
export const RatingModel = model('Rating', ratingSchema);
