// Password reset by emailed OTP: hashed 6-digit codes (10 min, single use, several live), then a short-lived reset token.
import bcrypt from 'bcrypt';
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Types } from 'mongoose';
import { USER_MESSAGES } from '@cx/contracts';
import { env } from '../../config/env';
import { disconnectUser } from '../../lib/realtime';
import { AppError } from '../../lib/errors';
import { sendMailInBackground } from '../../lib/mailer';
import { PasswordResetModel } from './otp.model';
import { otpMail } from './users.mails';
import { UserModel } from './user.model';
import { normalizeEmail } from './users.service';

export const OTP_TTL_MS = 10 * 60 * 1000;
/** Live codes per account: beyond it no new code is mailed, and the earlier ones keep working. */
export const MAX_LIVE_OTPS = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
/** Stands in for the user when the email is unknown, so both answers do the same database work. */
const NO_USER = new Types.ObjectId('000000000000000000000000');

/** Keyed hash: without the server secret a stolen hash cannot be brute-forced over the million possible codes. */
function hashOtp(userId: string, otp: string): string {
  return createHmac('sha256', env.JWT_SECRET).update(`password-reset-otp:${userId}:${otp}`).digest('hex');
}

/** The reset token is 256 random bits, so a plain SHA-256 is enough to keep it out of the database. */
const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const otpInvalid = () =>
  new AppError('OTP_INVALID', USER_MESSAGES.otpInvalid, 400, { otp: [USER_MESSAGES.otpInvalid] });
const resetInvalid = () => new AppError('RESET_INVALID', USER_MESSAGES.resetInvalid, 400);

/**
 * Adds a fresh code for a known email and mails it; earlier codes stay valid (several live at once, capped). An
 * unknown email does the same lookups and mails nothing; `quiet` (the per-email request limits are full) mails
 * nothing either. The caller answers the same in every case.
 */
export async function requestPasswordReset(
  emailInput: string,
  options: { quiet?: boolean } = {},
  now = new Date(),
): Promise<void> {
  const user = await UserModel.findOne({ email: normalizeEmail(emailInput) });
  const live = await PasswordResetModel.countDocuments({
    user: user?._id ?? NO_USER,
    verifiedAt: null,
    expiresAt: { $gt: now },
  });
  if (!user || options.quiet || live >= MAX_LIVE_OTPS) return;
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await PasswordResetModel.create({
    user: user._id,
    otpHash: hashOtp(String(user._id), otp),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
  });
  sendMailInBackground(otpMail(user.email, user.fullname, otp));
}

/**
 * Checks a code against the account's live codes: the atomic claim is the check, so a code answers a reset token
 * once. Wrong tries are limited per client (IP + email) by the router, never per account, so a stranger's guesses
 * cannot spend the owner's code.
 */
export async function verifyOtp(emailInput: string, otp: string, now = new Date()): Promise<string> {
  const user = await UserModel.findOne({ email: normalizeEmail(emailInput) }).select('_id');
  const userId = user?._id ?? NO_USER;
  const resetToken = randomBytes(32).toString('base64url');
  const claimed = await PasswordResetModel.findOneAndUpdate(
    { user: userId, otpHash: hashOtp(String(userId), otp), verifiedAt: null, expiresAt: { $gt: now } },
    {
      $set: {
        verifiedAt: now,
        resetTokenHash: hashResetToken(resetToken),
        resetTokenExpiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      },
    },
    { returnDocument: 'after' },
  );
  if (!user || !claimed) throw otpInvalid();
  return resetToken;
}

/**
 * Sets the new password only with the token from a verified, unexpired OTP of that same email; the token is
 * consumed by the same atomic delete that checks it. Every existing session ends (token version bump).
 */
export async function resetPassword(
  emailInput: string,
  password: string,
  resetToken: string,
  now = new Date(),
): Promise<void> {
  const user = await UserModel.findOne({ email: normalizeEmail(emailInput) }).select('_id');
  if (!user) throw resetInvalid();
  const record = await PasswordResetModel.findOneAndDelete({
    user: user._id,
    verifiedAt: { $ne: null },
    resetTokenHash: hashResetToken(resetToken),
    resetTokenExpiresAt: { $gt: now },
  });
  if (!record) throw resetInvalid();
  const passwordHash = await bcrypt.hash(password, env.BCRYPT_ROUNDS);
  // Receiving the code proved the mailbox is the user's, so the address counts as verified too.
  await UserModel.updateOne({ _id: user._id }, { $set: { passwordHash }, $inc: { tokenVersion: 1 } });
  // Sessions opened with the old password end now, sockets included.
  disconnectUser(String(user._id));
  await UserModel.updateOne({ _id: user._id, emailVerifiedAt: null }, { $set: { emailVerifiedAt: now } });
  // The reset is done: the other codes mailed for it have no purpose left.
  await PasswordResetModel.deleteMany({ user: user._id });
}
