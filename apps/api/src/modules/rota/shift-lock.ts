// A short per-person lock document, so the shift overlap check and the write that follows it run alone (no transactions).
import { randomUUID } from 'node:crypto';
import { Schema, model, type Types } from 'mongoose';
import { AppError } from '../../lib/errors';

const shiftLockSchema = new Schema({
  staff: { type: Schema.Types.ObjectId, ref: 'Staff', required: true },
  /** A lease: a holder that crashed cannot block the person's rota for longer than this. */
  until: { type: Date, required: true },
  holder: { type: String, required: true },
});
shiftLockSchema.index({ staff: 1 }, { unique: true });
export const ShiftLockModel = model('ShiftLock', shiftLockSchema);

export const SHIFT_LOCK = { leaseMs: 10_000, waitMs: 5_000 } as const;

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs fn while holding the person's lock. Taking it is one upsert that only matches a free (or expired) lock, so the
 * unique index admits one holder; others wait briefly and then run, seeing what the first one wrote.
 */
export async function withStaffLock<T>(staff: Types.ObjectId, fn: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const giveUpAt = Date.now() + SHIFT_LOCK.waitMs;
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    try {
      await ShiftLockModel.updateOne(
        { staff, until: { $lte: new Date(now) } },
        { $set: { until: new Date(now + SHIFT_LOCK.leaseMs), holder } },
        { upsert: true },
      );
      break;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      if (now > giveUpAt) {
        throw new AppError(
          'ROTA_BUSY',
          'This person’s shifts are being changed right now. Please try again.',
          409,
        );
      }
      await sleep(Math.min(100, 5 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
    }
  }
  try {
    return await fn();
  } finally {
    await ShiftLockModel.updateOne({ staff, holder }, { $set: { until: new Date(0) } });
  }
}
