// Accounts: sign-up with a trial, email verification, profile changes, store selection and session checks (login: login.service.ts).
import bcrypt from 'bcrypt';
import jwt from 'jsonwebtoken';
import mongoose from 'mongoose';
import {
  TRIAL_DAYS as CONTRACT_TRIAL_DAYS,
  USER_MESSAGES,
  ZNewPasswordValueSchema,
  type TSignupRequest,
  type TUser,
  type TProfile,
  type TRole,
} from '@cx/contracts';
import { env } from '../../config/env';
import { jwtKey, signAccessToken, type SessionValidator } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import { deleteFile, privateFileUrl, saveImage } from '../../lib/files';
import { sendMailInBackground } from '../../lib/mailer';
import { disconnectOutdatedSessions } from '../../lib/realtime';
import { isValidTimeZone } from '../../lib/time';
import { StoreModel } from '../stores/store.model';
import { accessFromMembership, assertStoreInScope, type Access } from '../../tenancy/access';
import { foundBusiness, standingOf } from '../../tenancy/business.service';
import { effectiveSubscriptionStatus } from '../../tenancy/subscription';
import { accountExistsMail, verificationMail } from './users.mails';
import { issueSignInCode } from './verify-sign-in';
import { startOnboarding } from '../onboarding/onboarding.state';
import { UserModel } from './user.model';

export { selectBusiness } from '../../tenancy/business.service';

/** Written once in the contract: the home page's pricing reads it through GET /plans. */
export const TRIAL_DAYS = CONTRACT_TRIAL_DAYS;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A refused login or a repeated sign-up re-sends the account mail at most this often. */
export const ACCOUNT_MAIL_COOLDOWN_MS = 60 * 1000;
const VERIFY_TOKEN_TTL = '3d';

type UserLike = InstanceType<typeof UserModel>;

/** The only way a user leaves the API: no hash, token version or internal state; role and subscription are the
 * current business's. */
export async function toUserDto(user: UserLike, now = new Date()): Promise<TUser> {
  const id = String(user._id);
  const { memberships, current } = await standingOf(user._id, user.currentBusiness);
  const business = current?.businessDoc;
  return {
    _id: id,
    id,
    fullname: user.fullname,
    email: user.email,
    profilePicture: privateFileUrl(user.profilePicture),
    userType: current?.role ?? 'none',
    subscriptionStatus: business ? effectiveSubscriptionStatus(business, now) : 'expired',
    trialEndsAt: business?.trialEndsAt ? business.trialEndsAt.toISOString() : null,
    timeZone: user.timeZone ?? 'UTC',
    emailVerified: Boolean(user.emailVerifiedAt),
    selectedStore: user.selectedStore ? String(user.selectedStore) : null,
    role: (current?.role as TRole | undefined) ?? null,
    business: business ? { _id: String(business._id), name: business.name } : null,
    businesses: memberships.map((m) => ({
      _id: String(m.businessDoc._id),
      name: m.businessDoc.name,
      role: m.role as TRole,
    })),
    stores: current ? (await accessFromMembership(id, current)).storeIds : null,
  };
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

let dummyHash: Promise<string> | undefined;
/** Compared against when the email is unknown, so both answers cost one bcrypt comparison. */
export function timingDummyHash(): Promise<string> {
  dummyHash ??= bcrypt.hash('timing-parity-not-a-password', env.BCRYPT_ROUNDS);
  return dummyHash;
}

interface VerifyClaims {
  sub: string;
  typ: 'email-verify';
  email: string;
}

function verificationLink(user: UserLike): string {
  const claims: VerifyClaims = { sub: String(user._id), typ: 'email-verify', email: user.email };
  const token = jwt.sign(claims, jwtKey, { algorithm: 'HS256', expiresIn: VERIFY_TOKEN_TTL });
  return `${env.PUBLIC_API_URL}/api/v1/user/verify-email?token=${encodeURIComponent(token)}`;
}

/** Sends the account mail unless one went out within the cooldown; the timestamp is claimed atomically. */
export async function sendAccountMail(user: UserLike, now: Date): Promise<void> {
  const since = new Date(now.getTime() - ACCOUNT_MAIL_COOLDOWN_MS);
  const claimed = await UserModel.updateOne(
    { _id: user._id, $or: [{ verificationSentAt: null }, { verificationSentAt: { $lte: since } }] },
    { $set: { verificationSentAt: now } },
  );
  if (claimed.modifiedCount !== 1) return;
  sendMailInBackground(
    user.emailVerifiedAt
      ? accountExistsMail(user.email, user.fullname, env.PUBLIC_WEB_URL)
      : verificationMail(user.email, user.fullname, verificationLink(user)),
  );
}

/**
 * Creates the account on a trial and mails the verification link. A taken email gets the same answer (the owner is
 * mailed instead), so sign-up cannot be used to test which addresses have accounts.
 */
export async function signup(input: TSignupRequest, now = new Date()): Promise<void> {
  const email = normalizeEmail(input.email);
  const passwordHash = await bcrypt.hash(input.password, env.BCRYPT_ROUNDS);
  const existing = await UserModel.findOne({ email });
  if (existing) {
    await sendAccountMail(existing, now);
    return;
  }
  const timeZone = input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : 'UTC';
  try {
    const user = await UserModel.create({
      fullname: input.fullname,
      email,
      passwordHash,
      timeZone,
      verificationSentAt: now,
    });
    const business = await foundBusiness(user, new Date(now.getTime() + TRIAL_DAYS * DAY_MS));
    await startOnboarding(business, now);
    sendMailInBackground(verificationMail(user.email, user.fullname, verificationLink(user)));
  } catch (err) {
    // Two sign-ups racing for one email: the loser answers like any taken email.
    if ((err as { code?: number }).code !== 11000) throw err;
  }
}

/** What a verification link did: verified or not, and on its first use the one-time sign-in code for the web app. */
export interface VerifyOutcome {
  verified: boolean;
  signInCode: string | null;
}

/**
 * The mailed link. A bad, expired or outdated link verifies nothing. The first use (the one that flips emailVerifiedAt,
 * atomically) also hands out a one-time sign-in code; a second use only says the address is verified, so a link left
 * in a mailbox cannot sign anyone in later.
 */
export async function verifyEmail(token: string, now = new Date()): Promise<VerifyOutcome> {
  const refused = { verified: false, signInCode: null };
  let claims: VerifyClaims;
  try {
    const decoded = jwt.verify(token, jwtKey, { algorithms: ['HS256'] });
    if (typeof decoded !== 'object' || decoded.typ !== 'email-verify' || typeof decoded.sub !== 'string')
      return refused;
    claims = decoded as VerifyClaims;
  } catch {
    return refused;
  }
  if (!mongoose.isValidObjectId(claims.sub)) return refused;
  // The email is part of the claim so a link sent to an earlier address cannot verify a later one.
  const user = await UserModel.findOne({ _id: claims.sub, email: claims.email });
  if (!user) return refused;
  if (user.emailVerifiedAt) return { verified: true, signInCode: null };
  const first = await UserModel.updateOne(
    { _id: user._id, emailVerifiedAt: null },
    { $set: { emailVerifiedAt: now } },
  );
  return { verified: true, signInCode: first.modifiedCount === 1 ? await issueSignInCode(user._id, now) : null };
}

export async function getUser(userId: string): Promise<TUser> {
  const user = await UserModel.findById(userId);
  if (!user) throw notFound('User');
  return await toUserDto(user);
}

export interface UploadedImage {
  buffer: Buffer;
}

/**
 * Name, avatar and password in one form. A new password needs the correct old one and bumps the token version,
 * which signs out every other session (their open sockets closed at once); the caller gets a fresh token for this one.
 */
export async function updateProfile(
  userId: string,
  input: TProfile,
  picture?: UploadedImage,
): Promise<{ user: TUser; token: string }> {
  const user = await UserModel.findById(userId).select('+passwordHash');
  if (!user) throw notFound('User');
  const newPassword = input.newPassword ?? '';
  if (newPassword) {
    if (!input.oldPassword) {
      throw new AppError('OLD_PASSWORD_REQUIRED', USER_MESSAGES.oldPasswordRequired, 400, {
        oldPassword: [USER_MESSAGES.oldPasswordRequired],
      });
    }
    // 400, not 401: a wrong old password must not end the session it was typed in.
    if (!(await bcrypt.compare(input.oldPassword, user.passwordHash))) {
      throw new AppError('OLD_PASSWORD_WRONG', USER_MESSAGES.oldPasswordWrong, 400, {
        oldPassword: [USER_MESSAGES.oldPasswordWrong],
      });
    }
    const checked = ZNewPasswordValueSchema.safeParse(newPassword);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? USER_MESSAGES.passwordTooShort;
      throw new AppError('VALIDATION_ERROR', message, 400, { newPassword: [message] });
    }
    user.passwordHash = await bcrypt.hash(newPassword, env.BCRYPT_ROUNDS);
    user.tokenVersion = (user.tokenVersion ?? 0) + 1;
  }
  const previousPicture = user.profilePicture;
  if (picture) user.profilePicture = await saveImage(picture.buffer, { business: userId, purpose: 'avatar' });
  user.fullname = input.fullname;
  await user.save();
  if (picture && previousPicture) await deleteFile(previousPicture);
  if (newPassword) disconnectOutdatedSessions(userId, user.tokenVersion ?? 0);
  return { user: await toUserDto(user), token: signAccessToken(userId, user.tokenVersion ?? 0) };
}

export async function selectStore(access: Access, storeId: string): Promise<TUser> {
  const userId = access.userId;
  assertStoreInScope(access, storeId);
  const store = await StoreModel.exists({ _id: storeId, business: access.businessId, deletedAt: null });
  if (!store) throw notFound('Store');
  const user = await UserModel.findByIdAndUpdate(
    userId,
    { $set: { selectedStore: storeId } },
    { returnDocument: 'after' },
  );
  if (!user) throw notFound('User');
  return await toUserDto(user);
}

/**
 * Registered with the auth guard: the user must still exist and the token must postdate the last password change;
 * the same read answers the current business, so a guarded request reads the user once.
 */
export const validateSession: SessionValidator = async (claims) => {
  if (!mongoose.isValidObjectId(claims.sub)) return null;
  const user = await UserModel.findById(claims.sub).select('tokenVersion currentBusiness').lean();
  if (!user || (user.tokenVersion ?? 0) !== claims.tv) return null;
  return { currentBusiness: user.currentBusiness ? String(user.currentBusiness) : null };
};
