// The verification link's sign-in: a one-time code handed to the web app (URL fragment) and exchanged for a session.
import { createHash, randomBytes } from 'node:crypto';
import mongoose, { type Types } from 'mongoose';
import { USER_MESSAGES } from '@cx/contracts';
import { AppError } from '../../lib/errors';
import { sessionFor, type LoginSession } from './login.service';
import { UserModel } from './user.model';

/** Long enough to open the link and let the page load on a slow phone, short enough to be useless in history. */
export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;

/** 256 random bits, so a plain SHA-256 keeps a leaked database row useless. */
const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** "<user id>.<secret>": the id finds the account without an index on the hash; only the hash is stored. */
export async function issueSignInCode(userId: Types.ObjectId, now: Date): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await UserModel.updateOne(
    { _id: userId },
    { $set: { signInCodeHash: hashOf(secret), signInCodeExpiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS) } },
  );
  return `${String(userId)}.${secret}`;
}

const used = () =>
  new AppError('SIGN_IN_LINK_USED', USER_MESSAGES.signInLinkUsed, 400, { code: [USER_MESSAGES.signInLinkUsed] });

/** Spends the code (the atomic update is the check, so it works once) and starts a session for its account. */
export async function signInWithCode(
  code: string,
  deviceOf: (userId: string) => string | undefined,
  now = new Date(),
): Promise<LoginSession> {
  const [id, secret] = code.split('.');
  if (!id || !secret || !mongoose.isValidObjectId(id)) throw used();
  const user = await UserModel.findOneAndUpdate(
    { _id: id, signInCodeHash: hashOf(secret), signInCodeExpiresAt: { $gt: now } },
    { $set: { signInCodeHash: null, signInCodeExpiresAt: null } },
    { returnDocument: 'after' },
  );
  if (!user) throw used();
  return sessionFor(user, deviceOf(String(user._id)), now);
}
