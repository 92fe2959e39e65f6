// Invitations sent: invite (or replace a pending one), resend with a fresh link, revoke.
import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS, type TInvitation, type TInvitationRequest, type TRole } from '@cx/contracts';
import { env } from '../../config/env';
import { AppError, notFound } from '../../lib/errors';
import { sendMailInBackground } from '../../lib/mailer';
import { forbidden, type Access } from '../../tenancy/access';
import { areaTree } from '../../tenancy/area-tree';
import { recordAudit } from '../../tenancy/audit';
import { BusinessModel } from '../../tenancy/business.model';
import { MembershipModel } from '../../tenancy/membership.model';
import { UserModel } from '../users/user.model';
import { normalizeEmail } from '../users/users.service';
import { InvitationModel, type InvitationDoc } from './invitation.model';
import { invitationMail } from './team.mails';
import {
  ALL_STORES,
  auditStore,
  coverageNames,
  grantNames,
  invitationDto,
  liveAreas,
  liveStores,
  mayManageInvitation,
  roleText,
  treeForScope,
  type Coverage,
} from './team.shared';

const DAY_MS = 24 * 60 * 60 * 1000;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is no longer valid',
  alreadyMember: 'This person is already a member of the business',
  alreadyInvited: 'This address already has a pending invitation from an owner or admin',
  managerInvites: 'A store manager can only invite viewers to their own stores',
  accountExists: 'An account with this email already exists. Log in to accept the invitation.',
  wrongAccount: (email: string) =>
    `This invitation was sent to ${email}. Log in with that address to accept it.`,
} as const;

export const invalidLink = () => new AppError('INVITATION_INVALID', INVITATION_MESSAGES.invalid, 404);
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const linkOf = (token: string) =>
  `${env.PUBLIC_WEB_URL}/accept-invitation?token=${encodeURIComponent(token)}`;

/**
 * The role's stores and areas as stored: admins cover all; a store manager's "none chosen" means all of their own
 * stores and areas (so a district manager's viewer also sees the district's stores added later).
 */
async function coverageFor(access: Access, role: TRole, stores: string[], areas: string[]): Promise<Coverage> {
  if (role === 'admin' || role === 'owner') return ALL_STORES;
  let storeIds = stores;
  let areaIds = areas;
  if (access.role === 'manager' && stores.length + areas.length === 0) {
    areaIds = access.areaIds ?? [];
    const underAreas = new Set(areaIds.length ? (await areaTree(access.businessId)).storesUnder(areaIds) : []);
    storeIds = (access.storeIds ?? []).filter((s) => !underAreas.has(s));
  }
  if (storeIds.length + areaIds.length === 0) return ALL_STORES;
  return {
    allStores: false,
    stores: await liveStores(access, storeIds),
    areas: await liveAreas(access, areaIds),
  };
}

export async function nameOf(userId: unknown): Promise<string> {
  return (await UserModel.findById(userId, { fullname: 1 }).lean())?.fullname ?? 'A former member';
}

async function mailInvitation(inv: InvitationDoc, token: string, inviterName: string): Promise<void> {
  const business = await BusinessModel.findById(inv.business, { name: 1 }).lean();
  const names = await grantNames(inv);
  sendMailInBackground(
    invitationMail({
      to: inv.email,
      businessName: business?.name ?? 'a business',
      inviterName,
      roleText: roleText(inv.role as TRole, {
        allStores: inv.allStores !== false,
        names,
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
  const coverage = await coverageFor(access, input.role, input.stores ?? [], input.areas ?? []);
  const existing = await UserModel.findOne({ email }, { _id: 1 }).lean();
  if (existing && (await MembershipModel.exists({ business: access.businessId, user: existing._id })))
    throw new AppError('ALREADY_MEMBER', INVITATION_MESSAGES.alreadyMember, 409, {
      email: [INVITATION_MESSAGES.alreadyMember],
    });
  // Re-inviting an address replaces its pending invitation (the older link stops working), unless a store manager
  // would thereby replace one they could not revoke.
  const earlier = await InvitationModel.find({
    business: access.businessId,
    email,
    acceptedAt: null,
    revokedAt: null,
  });
  const tree = await treeForScope(access);
  if (earlier.some((inv) => mayManageInvitation(access, inv, tree) !== 'yes'))
    throw new AppError('ALREADY_INVITED', INVITATION_MESSAGES.alreadyInvited, 409, {
      email: [INVITATION_MESSAGES.alreadyInvited],
    });
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
    areas: coverage.areas.map((a) => a._id),
    invitedBy: access.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
  });
  const inviter = await nameOf(access.userId);
  await mailInvitation(inv, token, inviter);
  const what = roleText(input.role, { allStores: coverage.allStores, names: coverageNames(coverage) });
  await recordAudit(access, {
    kind: 'invitation',
    action: 'invitation.create',
    summary: `Invited ${email} as ${what}`,
    store: auditStore(coverage),
    after: {
      email,
      role: input.role,
      stores: coverage.allStores ? 'all' : coverage.stores.map((s) => s.name),
      ...(coverage.areas.length ? { areas: coverage.areas.map((a) => a.name) } : {}),
    },
  });
  return invitationDto(access, inv, inviter, tree);
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
  const may = mayManageInvitation(access, inv, await treeForScope(access));
  if (may === 'unseen') throw notFound('Invitation');
  if (may === 'forbidden') throw forbidden(INVITATION_MESSAGES.managerInvites);
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
  return invitationDto(access, updated, inviter, await treeForScope(access));
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
