// Login: password check with timing parity, known devices, and the mailed second step while an account is throttled.
import bcrypt from 'bcrypt';
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Types } from 'mongoose';
import { LOGIN_CODE_REQUIRED, USER_MESSAGES, type TLoginRequest, type TUser } from '@cx/contracts';
import { env } from '../../config/env';
import { signAccessToken } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { sendMailInBackground } from '../../lib/mailer';
import { KnownDeviceModel } from './known-device.model';
import { LoginCodeModel } from './login-code.model';
import { loginCodeMail } from './users.mails';
import { UserModel } from './user.model';
import { normalizeEmail, sendAccountMail, timingDummyHash, toUserDto } from './users.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A known device unused this long is forgotten. */
export const KNOWN_DEVICE_TTL_MS = 180 * DAY_MS;
/** The most recent devices kept per account; older ones are dropped when a new one signs in. */
export const MAX_KNOWN_DEVICES = 10;
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
/** Live sign-in codes per account: beyond it no new code is mailed (the earlier ones still work). */
export const MAX_LIVE_LOGIN_CODES = 5;

export interface LoginContext {
  /** The per-account failure limit is exceeded: unknown clients need the mailed code too. */
  accountThrottled: boolean;
}

export interface LoginSession {
  token: string;
  user: TUser;
  /** The known-device token for this browser and account. */
  device: string;
}

/** The device token has 256 random bits, so a plain SHA-256 keeps it useless if the database leaks. */
const hashDeviceToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function hashLoginCode(userId: Types.ObjectId, code: string): string {
  return createHmac('sha256', env.JWT_SECRET)
    .update(`login-code:${String(userId)}:${code}`)
    .digest('hex');
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', USER_MESSAGES.invalidCredentials, 401);

/** True (and last use refreshed) when the token is one of this account's known, not-yet-forgotten devices. */
async function touchKnownDevice(userId: Types.ObjectId, token: string, now: Date): Promise<boolean> {
  const found = await KnownDeviceModel.findOneAndUpdate(
    {
      user: userId,
      tokenHash: hashDeviceToken(token),
      lastUsedAt: { $gt: new Date(now.getTime() - KNOWN_DEVICE_TTL_MS) },
    },
    { $set: { lastUsedAt: now } },
  );
  return found !== null;
}

/** Issues a new known-device token for the account and forgets devices beyond the most recent MAX_KNOWN_DEVICES. */
async function rememberDevice(userId: Types.ObjectId, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await KnownDeviceModel.create({ user: userId, tokenHash: hashDeviceToken(token), lastUsedAt: now });
  const stale = await KnownDeviceModel.find({ user: userId })
    .sort({ lastUsedAt: -1 })
    .skip(MAX_KNOWN_DEVICES)
    .select('_id')
    .lean();
  if (stale.length) await KnownDeviceModel.deleteMany({ _id: { $in: stale.map((d) => d._id) } });
  return token;
}

/** Mails a new sign-in code unless MAX_LIVE_LOGIN_CODES are already live; earlier codes stay valid. */
async function mailLoginCode(user: { _id: Types.ObjectId; email: string; fullname: string }, now: Date) {
  const live = await LoginCodeModel.countDocuments({ user: user._id, expiresAt: { $gt: now } });
  if (live >= MAX_LIVE_LOGIN_CODES) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await LoginCodeModel.create({
    user: user._id,
    codeHash: hashLoginCode(user._id, code),
    expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
  });
  sendMailInBackground(loginCodeMail(user.email, user.fullname, code));
}

/** Uses up a live code of the account: the atomic delete is the check, so a code works once. */
async function consumeLoginCode(userId: Types.ObjectId, code: string, now: Date): Promise<boolean> {
  const used = await LoginCodeModel.findOneAndDelete({
    user: userId,
    codeHash: hashLoginCode(userId, code),
    expiresAt: { $gt: now },
  });
  return used !== null;
}

/**
 * Signs in. A wrong password or unknown email always answers the same 401 after one bcrypt comparison, throttled or
 * not. With the right password, while the account is throttled, only a known device signs in directly; any other
 * client gets 403 LOGIN_CODE_REQUIRED (a code is mailed) and signs in by sending the password again with that code.
 */
export async function login(
  input: TLoginRequest,
  context: LoginContext,
  now = new Date(),
): Promise<LoginSession> {
  const email = normalizeEmail(input.email);
  const user = await UserModel.findOne({ email }).select('+passwordHash');
  const ok = await bcrypt.compare(input.password, user?.passwordHash ?? (await timingDummyHash()));
  if (!user || !ok) throw invalidCredentials();
  if (!user.emailVerifiedAt) {
    await sendAccountMail(user, now);
    throw new AppError('EMAIL_NOT_VERIFIED', USER_MESSAGES.emailNotVerified, 403);
  }
  const known = input.device ? await touchKnownDevice(user._id, input.device, now) : false;
  if (context.accountThrottled && !known) {
    if (!input.code) {
      await mailLoginCode(user, now);
      throw new AppError(LOGIN_CODE_REQUIRED, USER_MESSAGES.loginCodeRequired, 403);
    }
    if (!(await consumeLoginCode(user._id, input.code, now))) {
      throw new AppError('LOGIN_CODE_INVALID', USER_MESSAGES.loginCodeInvalid, 400, {
        code: [USER_MESSAGES.loginCodeInvalid],
      });
    }
  }
  return {
    token: signAccessToken(String(user._id), user.tokenVersion ?? 0),
    user: await toUserDto(user, now),
    device: known && input.device ? input.device : await rememberDevice(user._id, now),
  };
}
