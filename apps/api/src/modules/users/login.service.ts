// Login: password check with timing parity, known devices, and the mailed second step while an account is throttled.
import bcrypt from 'bcrypt';
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Types } from 'mongoose';
import { LOGIN_CODE_REQUIRED, USER_MESSAGES, type TLoginRequest, type TUser } from '@cx/contracts';
import { env } from '../../config/env';
import { track } from '../../lib/background';
import { signAccessToken } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { sendMailInBackground } from '../../lib/mailer';
import { KNOWN_DEVICE_TTL_MS } from './known-device.cookie';
import { KnownDeviceModel } from './known-device.model';
import { LoginCodeModel } from './login-code.model';
import { warnOwnerOfFailedAttempts } from './failed-attempts';
import { changePasswordLink, loginCodeMail } from './users.mails';
import { UserModel } from './user.model';
import { normalizeEmail, sendAccountMail, timingDummyHash, toUserDto } from './users.service';

/** The most recent devices kept per account; older ones are dropped when a new one signs in. */
export const MAX_KNOWN_DEVICES = 10;
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
/** Live sign-in codes per account: beyond it no new code is mailed (the earlier ones still work). */
export const MAX_LIVE_LOGIN_CODES = 5;
/** Stands in for the account when the email is unknown, so every answer costs the same queries. */
const NO_ACCOUNT = new Types.ObjectId();

export interface LoginContext {
  /** The per-account failure limit is exceeded: clients the account does not know need the mailed code too. */
  accountThrottled: boolean;
  /** The known-device token this browser holds for an account (its cookie), if any. */
  deviceOf: (userId: string) => string | undefined;
}

export interface LoginSession {
  token: string;
  user: TUser;
  /** The known-device token for this browser and account (the router sets it as a cookie). */
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

/** True when the token is one of this account's known, not-yet-forgotten devices. */
async function isKnownDevice(userId: Types.ObjectId, token: string, now: Date): Promise<boolean> {
  const found = await KnownDeviceModel.exists({
    user: userId,
    tokenHash: hashDeviceToken(token),
    lastUsedAt: { $gt: new Date(now.getTime() - KNOWN_DEVICE_TTL_MS) },
  });
  return found !== null;
}

/** Records the known device's use (it is forgotten KNOWN_DEVICE_TTL_MS after the last one) and keeps its token. */
async function touchDevice(userId: Types.ObjectId, token: string, now: Date): Promise<string> {
  await KnownDeviceModel.updateOne(
    { user: userId, tokenHash: hashDeviceToken(token) },
    { $set: { lastUsedAt: now } },
  );
  return token;
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

/** A session for an account that has just proved itself another way (the verification link): remembers this browser. */
export async function sessionFor(
  user: InstanceType<typeof UserModel>,
  device: string | undefined,
  now = new Date(),
): Promise<LoginSession> {
  const known = device ? await isKnownDevice(user._id, device, now) : false;
  return {
    token: signAccessToken(String(user._id), user.tokenVersion ?? 0),
    user: await toUserDto(user, now),
    device: known && device ? await touchDevice(user._id, device, now) : await rememberDevice(user._id, now),
  };
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
  sendMailInBackground(loginCodeMail(user.email, user.fullname, code, changePasswordLink(user.email)));
}

/**
 * With the right password, uses up a live code of the account (the atomic delete is the check, so a code works once);
 * with a wrong one (or no account) only looks, so the answer costs one query either way and a guess spends no code.
 */
async function consumeLoginCode(
  userId: Types.ObjectId,
  code: string,
  passwordRight: boolean,
  now: Date,
): Promise<boolean> {
  const filter = { user: userId, codeHash: hashLoginCode(userId, code), expiresAt: { $gt: now } };
  if (!passwordRight) {
    await LoginCodeModel.exists(filter);
    return false;
  }
  return (await LoginCodeModel.findOneAndDelete(filter)) !== null;
}

const codeRequired = () => new AppError(LOGIN_CODE_REQUIRED, USER_MESSAGES.loginCodeRequired, 403);
const codeInvalid = () =>
  new AppError('LOGIN_CODE_INVALID', USER_MESSAGES.loginCodeInvalid, 400, {
    code: [USER_MESSAGES.loginCodeInvalid],
  });

/**
 * Signs in. Not throttled, or from a known device: a wrong password or unknown email answers 401, the right one signs
 * in. Throttled, from any other client: every password answers 403 LOGIN_CODE_REQUIRED (a code is mailed in the
 * background only when it was right), and with a code every failure answers the same 400, so a guess never learns
 * whether the password was right. Each answer costs one bcrypt comparison and the same queries.
 */
export async function login(
  input: TLoginRequest,
  context: LoginContext,
  now = new Date(),
): Promise<LoginSession> {
  const email = normalizeEmail(input.email);
  const user = await UserModel.findOne({ email }).select('+passwordHash');
  const ok = await bcrypt.compare(input.password, user?.passwordHash ?? (await timingDummyHash()));
  const device = user ? context.deviceOf(String(user._id)) : undefined;
  const known = user && device ? await isKnownDevice(user._id, device, now) : false;
  if (context.accountThrottled && user) warnOwnerOfFailedAttempts(user, now);
  if (context.accountThrottled && !known) {
    if (!input.code) {
      // Not awaited: the answer must not take longer when the password was right.
      if (user && ok) track(mailLoginCode(user, now), 'sign-in code');
      throw codeRequired();
    }
    if (!(await consumeLoginCode(user?._id ?? NO_ACCOUNT, input.code, Boolean(user && ok), now))) {
      throw codeInvalid();
    }
  }
  if (!user || !ok) throw invalidCredentials();
  if (!user.emailVerifiedAt) {
    await sendAccountMail(user, now);
    throw new AppError('EMAIL_NOT_VERIFIED', USER_MESSAGES.emailNotVerified, 403);
  }
  return {
    token: signAccessToken(String(user._id), user.tokenVersion ?? 0),
    user: await toUserDto(user, now),
    device: known && device ? await touchDevice(user._id, device, now) : await rememberDevice(user._id, now),
  };
}
