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

export const capReached = (cap: CountCap) =>
  new AppError('LIMIT_REACHED', cap.message, 429, undefined, CAP_RETRY_AFTER_SECONDS);

/**
 * Creates a record unless the business already holds `cap.max`. Two creates racing past the first count both
 * insert; each counts again and one over the cap takes its own record back, so the cap holds without a transaction.
 */
export async function createUnderCap<T>(
  cap: CountCap,
  count: () => Promise<number>,
  create: () => Promise<T>,
  takeBack: (created: T) => Promise<unknown>,
): Promise<T> {
  if ((await count()) >= cap.max) throw capReached(cap);
  const created = await create();
  if ((await count()) > cap.max) {
    await takeBack(created);
    throw capReached(cap);
  }
  return created;
}
