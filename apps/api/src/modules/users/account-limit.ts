// The per-account limit on wrong passwords, shared by every door that checks one: sign-in and ownership transfer.
import type { Request } from 'express';
import { byBodyEmail, rateLimit } from '../../lib/rate-limit';
import { UserModel } from './user.model';

/** The limiter name (and so the bucket) every password check of one account counts in. */
export const ACCOUNT_LOGIN_LIMIT = 'login-email';

const accountLimit = {
  name: ACCOUNT_LOGIN_LIMIT,
  windowMs: 15 * 60 * 1000,
  limit: 10,
  countOnlyFailures: true,
} as const;

/**
 * Sign-in: over the limit nobody gets 429 (that would lock the owner out): the right password then needs a known
 * device or a mailed code, and a wrong one answers exactly as before. Successful sign-ins never count.
 */
export const signInAccountLimit = () =>
  rateLimit({ ...accountLimit, key: byBodyEmail, message: 'unused: flag only', whenOver: 'flag' });

/** The signed-in person's email, the same bucket key sign-in uses for their account. */
async function signedInEmail(req: Request): Promise<string | undefined> {
  const userId = req.auth?.userId;
  if (!userId) return undefined;
  const user = await UserModel.findById(userId, { email: 1 }).lean();
  return user?.email.trim().toLowerCase();
}

/**
 * A signed-in person re-entering their password (ownership transfer): failures count with sign-in's, and over the
 * limit the answer is 429, since the person is already signed in and nothing else is locked.
 */
export const passwordRecheckLimit = () =>
  rateLimit({
    ...accountLimit,
    key: signedInEmail,
    message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  });
