// Password reset by emailed OTP: hashed 6-digit code (10 min, single use, 5 tries), then a short-lived reset token.
import bcrypt from 'bcrypt';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
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
export const MAX_OTP_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

/** Keyed hash: without the server secret a stolen hash cannot be brute-forced over the million possible codes. */
function hashOtp(userId: string, otp: string): string {
  return createHmac('sha256', env.JWT_SECRET).update(`password-reset-otp:${userId}:${otp}`).digest('hex');
}

/** The reset token is 256 random bits, so a plain SHA-256 is enough to keep it out of the database. */
const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function sameHash(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

const otpInvalid = () =>
  new AppError('OTP_INVALID', USER_MESSAGES.otpInvalid, 400, { otp: [USER_MESSAGES.otpInvalid] });
const resetInvalid = () => new AppError('RESET_INVALID', USER_MESSAGES.resetInvalid, 400);

/**
 * Issues a fresh code for a known email and mails it; an unknown email does nothing, and the caller answers the
 * same either way. A new code replaces any earlier one (and its reset token).
 */
export async function requestPasswordReset(emailInput: string, now = new Date()): Promise<void> {
  const user = await UserModel.findOne({ email: normalizeEmail(emailInput) });
  if (!user) return;
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await PasswordResetModel.findOneAndUpdate(
    { user: user._id },
    {
      $set: {
        otpHash: hashOtp(String(user._id), otp),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        attempts: 0,
        verifiedAt: null,
        resetTokenHash: null,
        resetTokenExpiresAt: null,
        consumedAt: null,
      },
    },
    { upsert: true },
  );
  sendMailInBackground(otpMail(user.email, user.fullname, otp));
}

/**
 * Checks a code. Each try is counted atomically before the comparison, so parallel guesses cannot exceed the limit,
 * and the right code after MAX_OTP_ATTEMPTS wrong ones is refused. Success answers a reset token, once.
 */
export async function verifyOtp(emailInput: string, otp: string, now = new Date()): Promise<string> {
  const user = await UserModel.findOne({ email: normalizeEmail(emailInput) }).select('_id');
  if (!user) throw otpInvalid();
  const record = await PasswordResetModel.findOneAndUpdate(
    { user: user._id, verifiedAt: null, expiresAt: { $gt: now }, attempts: { $lt: MAX_OTP_ATTEMPTS } },
    { $inc: { attempts: 1 } },
    { returnDocument: 'after' },
  );
  if (!record || !sameHash(record.otpHash, hashOtp(String(user._id), otp))) throw otpInvalid();
  const resetToken = randomBytes(32).toString('base64url');
  const claimed = await PasswordResetModel.findOneAndUpdate(
    { _id: record._id, verifiedAt: null },
    {
      $set: {
        verifiedAt: now,
        resetTokenHash: hashResetToken(resetToken),
        resetTokenExpiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      },
    },
    { returnDocument: 'after' },
  );
  if (!claimed) throw otpInvalid();
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
}
