// Invitations: invite, resend, revoke, preview by token, accept as a signed-in user, or sign up from the link.
import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { Types } from 'mongoose';
import {
  INVITATION_TTL_DAYS,
  type TInvitation,
  type TInvitationRequest,
  type TRole,
  type TUser,
} from '@cx/contracts';
import type { z } from 'zod';
import type { ZInvitationSignupSchema } from '@cx/contracts';
import { env } from '../../config/env';
import { signAccessToken } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import { sendMailInBackground } from '../../lib/mailer';
import { isValidTimeZone } from '../../lib/time';
import { accessFromMembership, forbidden, narrowStores, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { BusinessModel } from '../../tenancy/business.model';
import { MembershipModel } from '../../tenancy/membership.model';
import { UserModel } from '../users/user.model';
import { normalizeEmail, toUserDto } from '../users/users.service';
import { InvitationModel, pendingFilter, type InvitationDoc } from './invitation.model';
import { invitationMail } from './team.mails';
import { auditStore, invitationDto, liveStores, roleText, storeNames, type Coverage } from './team.shared';

const DAY_MS = 24 * 60 * 60 * 1000;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is no longer valid',
  alreadyMember: 'This person is already a member of the business',
  managerInvites: 'A store manager can only invite viewers to their own stores',
  accountExists: 'An account with this email already exists. Log in to accept the invitation.',
  wrongAccount: (email: string) =>
    `This invitation was sent to ${email}. Log in with that address to accept it.`,
} as const;

const invalidLink = () => new AppError('INVITATION_INVALID', INVITATION_MESSAGES.invalid, 404);
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const linkOf = (token: string) =>
  `${env.PUBLIC_WEB_URL}/accept-invitation?token=${encodeURIComponent(token)}`;

/** The role's stores as stored: admins cover all; a store manager's "none chosen" means all of their own stores. */
async function coverageFor(access: Access, role: TRole, asked: string[]): Promise<Coverage> {
  if (role === 'admin' || role === 'owner') return { allStores: true, stores: [] };
  const ids = access.role === 'manager' ? (narrowStores(access, asked) ?? []) : asked;
  if (ids.length === 0) return { allStores: true, stores: [] };
  return { allStores: false, stores: await liveStores(access, ids) };
}

async function nameOf(userId: unknown): Promise<string> {
  return (await UserModel.findById(userId, { fullname: 1 }).lean())?.fullname ?? 'A former member';
}

async function mailInvitation(inv: InvitationDoc, token: string, inviterName: string): Promise<void> {
  const business = await BusinessModel.findById(inv.business, { name: 1 }).lean();
  const names = await storeNames(inv.stores ?? []);
  sendMailInBackground(
    invitationMail({
      to: inv.email,
      businessName: business?.name ?? 'a business',
      inviterName,
      roleText: roleText(inv.role as TRole, {
        allStores: inv.allStores !== false,
        names: (inv.stores ?? []).map((s) => names.get(String(s)) ?? 'a store'),
      }),
      link: linkOf(token),
    }),
  );
}

export async function invite(
  access: Access,
  input: TInvitationRequest,
  now = new Date(),
): Promise<TInvitation> {
  const email = normalizeEmail(input.email);
  if (access.role === 'manager' && input.role !== 'viewer')
    throw forbidden(INVITATION_MESSAGES.managerInvites);
  const coverage = await coverageFor(access, input.role, input.stores ?? []);
  const existing = await UserModel.findOne({ email }, { _id: 1 }).lean();
  if (existing && (await MembershipModel.exists({ business: access.businessId, user: existing._id })))
    throw new AppError('ALREADY_MEMBER', INVITATION_MESSAGES.alreadyMember, 409, {
      email: [INVITATION_MESSAGES.alreadyMember],
    });
  // Re-inviting an address replaces its pending invitation: the older link stops working.
  await InvitationModel.updateMany(
    { business: access.businessId, email, acceptedAt: null, revokedAt: null },
    { $set: { revokedAt: now } },
  );
  const token = newToken();
  const inv = await InvitationModel.create({
    business: access.businessId,
    email,
    role: input.role,
    allStores: coverage.allStores,
    stores: coverage.stores.map((s) => s._id),
    invitedBy: access.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
  });
  const inviter = await nameOf(access.userId);
  await mailInvitation(inv, token, inviter);
  const what = roleText(input.role, {
    allStores: coverage.allStores,
    names: coverage.stores.map((s) => s.name),
  });
  await recordAudit(access, {
    kind: 'invitation',
    action: 'invitation.create',
    summary: `Invited ${email} as ${what}`,
    store: auditStore(coverage),
    after: {
      email,
      role: input.role,
      stores: coverage.allStores ? 'all' : coverage.stores.map((s) => s.name),
    },
  });
  return invitationDto(access, inv, inviter);
}

/** A pending invitation the actor may manage (a store manager: viewer invitations within their own stores). */
async function manageable(access: Access, id: string): Promise<InvitationDoc> {
  const inv = await InvitationModel.findOne({
    _id: id,
    business: access.businessId,
    acceptedAt: null,
    revokedAt: null,
  });
  if (!inv) throw notFound('Invitation');
  if (access.storeIds !== null) {
    const inScope =
      inv.allStores === false &&
      inv.stores.length > 0 &&
      inv.stores.every((s) => access.storeIds!.includes(String(s)));
    if (!inScope) throw notFound('Invitation');
  }
  if (access.role === 'manager' && inv.role !== 'viewer') throw forbidden(INVITATION_MESSAGES.managerInvites);
  return inv;
}

export async function resend(access: Access, id: string, now = new Date()): Promise<TInvitation> {
  const inv = await manageable(access, id);
  const token = newToken();
  const updated = await InvitationModel.findOneAndUpdate(
    { _id: inv._id, acceptedAt: null, revokedAt: null },
    {
      $set: {
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      },
    },
    { returnDocument: 'after' },
  );
  if (!updated) throw notFound('Invitation');
  const inviter = await nameOf(updated.invitedBy);
  await mailInvitation(updated, token, await nameOf(access.userId));
  await recordAudit(access, {
    kind: 'invitation',
    action: 'invitation.resend',
    summary: `Resent the invitation to ${updated.email}`,
  });
  return invitationDto(access, updated, inviter);
}

export async function revoke(access: Access, id: string, now = new Date()): Promise<void> {
  const inv = await manageable(access, id);
  const done = await InvitationModel.updateOne(
    { _id: inv._id, acceptedAt: null, revokedAt: null },
    { $set: { revokedAt: now } },
  );
  if (done.modifiedCount !== 1) throw notFound('Invitation');
  await recordAudit(access, {
    kind: 'invitation',
    action: 'invitation.revoke',
    summary: `Revoked the invitation to ${inv.email}`,
  });
}

async function validInvitation(token: string, now: Date): Promise<InvitationDoc> {
  const inv = await InvitationModel.findOne({ tokenHash: hashToken(token), ...pendingFilter(now) });
  if (!inv) throw invalidLink();
  return inv;
}

export async function preview(token: string, now = new Date()) {
  const inv = await validInvitation(token, now);
  const business = await BusinessModel.findById(inv.business, { name: 1 }).lean();
  if (!business) throw invalidLink();
  return {
    businessName: business.name,
    email: inv.email,
    role: inv.role as TRole,
    invitedBy: await nameOf(inv.invitedBy),
    hasAccount: Boolean(await UserModel.exists({ email: inv.email })),
  };
}

/** Claims the invitation once (atomically), then makes the person a member (idempotent) of its business. */
async function join(inv: InvitationDoc, token: string, userId: Types.ObjectId, now: Date): Promise<Access> {
  const claimed = await InvitationModel.findOneAndUpdate(
    { _id: inv._id, tokenHash: hashToken(token), ...pendingFilter(now) },
    { $set: { acceptedAt: now, acceptedBy: userId } },
  );
  if (!claimed) throw invalidLink();
  try {
    await MembershipModel.updateOne(
      { business: inv.business, user: userId },
      { $setOnInsert: { role: inv.role, allStores: inv.allStores !== false, stores: inv.stores ?? [] } },
      { upsert: true },
    );
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err; // a concurrent join made it: same result
  }
  await UserModel.updateOne(
    { _id: userId },
    { $set: { currentBusiness: inv.business, selectedStore: null } },
  );
  const m = (await MembershipModel.findOne({ business: inv.business, user: userId }).lean())!;
  const access = accessFromMembership(String(userId), m);
  const names = await storeNames(inv.stores ?? []);
  const stores = (inv.stores ?? []).map((s) => ({ _id: s, name: names.get(String(s)) ?? 'a store' }));
  const what = roleText(m.role as TRole, {
    allStores: inv.allStores !== false,
    names: stores.map((s) => s.name),
  });
  await recordAudit(
    access,
    {
      kind: 'invitation',
      action: 'invitation.accept',
      summary: `${inv.email} accepted the invitation and joined as ${what}`,
      store: auditStore({ allStores: inv.allStores !== false, stores }),
    },
    now,
  );
  return access;
}

const joinedMessage = async (businessId: unknown) =>
  `You joined ${(await BusinessModel.findById(businessId, { name: 1 }).lean())?.name ?? 'the business'}`;

export async function accept(
  userId: string,
  token: string,
  now = new Date(),
): Promise<{ message: string; user: TUser }> {
  const inv = await validInvitation(token, now);
  const user = await UserModel.findById(userId);
  if (!user) throw notFound('User');
  if (normalizeEmail(user.email) !== inv.email)
    throw new AppError('INVITATION_WRONG_ACCOUNT', INVITATION_MESSAGES.wrongAccount(inv.email), 403);
  await join(inv, token, user._id, now);
  const fresh = (await UserModel.findById(userId))!;
  return { message: await joinedMessage(inv.business), user: await toUserDto(fresh, now) };
}

type SignupInput = z.infer<typeof ZInvitationSignupSchema>;

/** A new person from the link: verified by the link itself, no business of their own, a member of the inviting one. */
export async function signupWithInvitation(input: SignupInput, now = new Date()) {
  const inv = await validInvitation(input.token, now);
  const accountExists = () =>
    new AppError('ACCOUNT_EXISTS', INVITATION_MESSAGES.accountExists, 409, {
      email: [INVITATION_MESSAGES.accountExists],
    });
  if (await UserModel.exists({ email: inv.email })) throw accountExists();
  let user: InstanceType<typeof UserModel>;
  try {
    user = await UserModel.create({
      fullname: input.fullname,
      email: inv.email,
      passwordHash: await bcrypt.hash(input.password, env.BCRYPT_ROUNDS),
      timeZone: input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : 'UTC',
      emailVerifiedAt: now,
      currentBusiness: inv.business,
    });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw accountExists();
    throw err;
  }
  try {
    await join(inv, input.token, user._id, now);
  } catch (err) {
    // The link was used or revoked meanwhile: the account made for it must not stay behind.
    await UserModel.deleteOne({ _id: user._id });
    throw err;
  }
  const fresh = (await UserModel.findById(user._id))!;
  return {
    message: await joinedMessage(inv.business),
    token: signAccessToken(String(user._id), fresh.tokenVersion ?? 0),
    user: await toUserDto(fresh, now),
  };
}
