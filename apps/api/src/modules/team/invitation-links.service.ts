// Invitation links used: preview by token, accept as a signed-in user, or sign up from the link (single use).
import bcrypt from 'bcrypt';
import type { Types } from 'mongoose';
import type { z } from 'zod';
import type { TRole, TUser, ZInvitationSignupSchema } from '@cx/contracts';
import { env } from '../../config/env';
import { signAccessToken } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import { isValidTimeZone } from '../../lib/time';
import { accessFromMembership, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { BusinessModel } from '../../tenancy/business.model';
import { MembershipModel } from '../../tenancy/membership.model';
import { UserModel } from '../users/user.model';
import { normalizeEmail, toUserDto } from '../users/users.service';
import { InvitationModel, pendingFilter, type InvitationDoc } from './invitation.model';
import { hashToken, INVITATION_MESSAGES, invalidLink, nameOf } from './invitations.service';
import { auditStore, grantNames, roleText, storeNames } from './team.shared';

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
      {
        $setOnInsert: {
          role: inv.role,
          allStores: inv.allStores !== false,
          stores: inv.stores ?? [],
          areas: inv.areas ?? [],
        },
      },
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
  const access = await accessFromMembership(String(userId), m);
  const names = await storeNames(inv.stores ?? []);
  const stores = (inv.stores ?? []).map((s) => ({ _id: s, name: names.get(String(s)) ?? 'a store' }));
  const areas = (inv.areas ?? []).map((a) => ({ _id: a, name: '' }));
  const what = roleText(m.role as TRole, {
    allStores: inv.allStores !== false,
    names: await grantNames(inv),
  });
  await recordAudit(
    access,
    {
      kind: 'invitation',
      action: 'invitation.accept',
      summary: `${inv.email} accepted the invitation and joined as ${what}`,
      store: auditStore({ allStores: inv.allStores !== false, stores, areas }),
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
