// Count caps per business (webhook endpoints, alert channels): creating past the most answers 429 with Retry-After.
import { AppError } from './errors';

export interface CountCap {
  /** The most records one business may hold. */
  max: number;
  /** What the person is told once the business holds that many. */
  message: string;
}

/**
 * A cap lifts only when a record is removed, not with time; the hour is the hint a client honouring Retry-After
 * gets, so an automated caller does not hammer a limit that asking again cannot change.
 */
export const CAP_RETRY_AFTER_SECONDS = 3600;

const capReached = (cap: CountCap) =>
  new AppError('LIMIT_REACHED', cap.message, 429, undefined, CAP_RETRY_AFTER_SECONDS);

/** Before a create: 429 when the business already holds `cap.max`. */
export async function assertUnderCap(cap: CountCap, count: () => Promise<number>): Promise<void> {
  if ((await count()) >= cap.max) throw capReached(cap);
}

/**
 * After the create: two creates racing past `assertUnderCap` both insert, so each counts again and one over the cap
 * takes its own record back and answers 429. The cap holds without a transaction.
 */
export async function settleUnderCap(
  cap: CountCap,
  count: () => Promise<number>,
  takeBack: () => Promise<unknown>,
): Promise<void> {
  if ((await count()) <= cap.max) return;
  await takeBack();
  throw capReached(cap);
}
