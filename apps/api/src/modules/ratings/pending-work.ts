// The derived work a stored rating or event still owes (rollup changes, named reactions): the durable outbox entries.
import { Schema, Types } from 'mongoose';

/**
 * One entry per piece of derived work, written in the same atomic write as the change that causes it (the insert of
 * a rating or event, the update that flags or restores a rating), and pulled once the work is done. `id` is the
 * event id: rollup rows record it as a marker so a re-applied change is a no-op, and reactions dedupe by it.
 */
export const pendingWorkSchema = new Schema(
  {
    id: { type: Schema.Types.ObjectId, required: true },
    /** rollup: add (sign 1) or take out (sign -1) the document's contribution; reaction: run the named reaction. */
    kind: { type: String, enum: ['rollup', 'reaction'], required: true },
    sign: { type: Number, enum: [1, -1], default: undefined },
    name: { type: String, default: undefined },
    /** A `themes` entry written by a re-theme: the themes it adds or takes out (the rating's own have changed since). */
    themes: { type: [String], default: undefined },
    at: { type: Date, required: true },
  },
  { _id: false },
);

export interface PendingWork {
  id: Types.ObjectId;
  kind: 'rollup' | 'reaction';
  sign?: 1 | -1 | null;
  name?: string | null;
  themes?: string[] | null;
  at: Date;
}

export const rollupWork = (sign: 1 | -1, at: Date): PendingWork => ({
  id: new Types.ObjectId(),
  kind: 'rollup',
  sign,
  at,
});

export const reactionWork = (name: string, at: Date): PendingWork => ({
  id: new Types.ObjectId(),
  kind: 'reaction',
  name,
  at,
});

/** The name of the entry that takes a rating out of its staff member's rows only (a dispute ruled unfair). */
export const STAFF_OUT_WORK = 'staff-out';

export const staffOutWork = (at: Date): PendingWork => ({
  id: new Types.ObjectId(),
  kind: 'rollup',
  sign: -1,
  name: STAFF_OUT_WORK,
  at,
});

export const isStaffOutWork = (w: PendingWork) => w.kind === 'rollup' && w.name === STAFF_OUT_WORK;

/** Entries younger than this are left to the request that wrote them (it normally finishes in milliseconds). */
export const DRAIN_AFTER_MS = 10_000;

/**
 * An entry done and pulled within this of being written was never visible to the drainer (it reads only entries
 * older than DRAIN_AFTER_MS; the other 5 s are margin for clock skew between instances), so nothing can apply it
 * again: its rollup markers are taken off at once rather than kept for the sweep.
 */
export const UNMARK_WITHIN_MS = 5_000;

/** Documents with work older than a cut-off (the drainer's read): a sparse multikey index keeps it cheap. */
export const PENDING_INDEX = { 'pending.at': 1 } as const;

/**
 * The indexes every document that carries pending work needs: the drainer finds owed work by age, and the marker
 * sweep asks whether an event id is still owed.
 */
export function indexPendingWork(schema: Schema): void {
  schema.index(PENDING_INDEX, { sparse: true });
  schema.index({ 'pending.id': 1 }, { sparse: true });
}
