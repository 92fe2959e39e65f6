// Members: the list (narrowed for store managers), role and store changes, removal and ownership transfer.
import bcrypt from 'bcrypt';
import type { TInvitation, TMember, TMemberLink, TMemberRole, TRole } from '@cx/contracts';
import { AppError, notFound } from '../../lib/errors';
import { disconnectUser } from '../../lib/realtime';
import { accessFromMembership, forbidden, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { MembershipModel, type MembershipDoc } from '../../tenancy/membership.model';
import { UserModel } from '../users/user.model';
import { InvitationModel, pendingFilter, type InvitationDoc } from './invitation.model';
import { orphanedLinks, settleOrphanedLinks } from './member-links.service';
import {
  auditStore,
  invitationDto,
  isAllStoreRole,
  liveStores,
  memberDto,
  roleText,
  storeNames,
  touchesScope,
  type Coverage,
} from './team.shared';

export const TEAM_MESSAGES = {
  ownerRole: "The owner's role cannot be changed: transfer ownership instead",
  ownRole: 'You cannot change your own role or stores',
  ownerRemoval: 'The owner cannot be removed: transfer ownership first',
  managerStores: 'Choose at least one store for a store manager',
  wrongPassword: 'The password is not correct',
  selfTransfer: 'You already own this business',
} as const;

const ROLE_ORDER: Record<string, number> = { owner: 0, admin: 1, manager: 2, viewer: 3 };

export async function listTeam(
  access: Access,
  now = new Date(),
): Promise<{ members: TMember[]; invitations: TInvitation[] }> {
  const memberships = (
    await MembershipModel.find({ business: access.businessId }).lean<MembershipDoc[]>()
  ).filter((m) => touchesScope(access, m.role, m.allStores, m.stores));
  const invitations = (
    await InvitationModel.find({ business: access.businessId, ...pendingFilter(now) })
      .sort({ createdAt: -1 })
      .lean<InvitationDoc[]>()
  ).filter((i) => touchesScope(access, i.role, i.allStores, i.stores));
  const ids = [...memberships.map((m) => m.user), ...invitations.map((i) => i.invitedBy)];
  const users = await UserModel.find({ _id: { $in: ids } }, { fullname: 1, email: 1 }).lean();
  const byId = new Map(users.map((u) => [String(u._id), u]));
  const members = memberships
    .map((m) => memberDto(access, m, byId.get(String(m.user))))
    .sort((a, b) => ROLE_ORDER[a.role]! - ROLE_ORDER[b.role]! || a.fullname.localeCompare(b.fullname));
  return {
    members,
    invitations: invitations.map((i) =>
      invitationDto(access, i, byId.get(String(i.invitedBy))?.fullname ?? 'A former member'),
    ),
  };
}

async function memberOf(access: Access, userId: string) {
  const m = await MembershipModel.findOne({
    business: access.businessId,
    user: userId,
  }).lean<MembershipDoc>();
  if (!m) throw notFound('Member');
  return m;
}

async function describe(role: TRole, allStores: boolean, stores: unknown[]): Promise<string> {
  const names = await storeNames(stores);
  return roleText(role, { allStores, names: stores.map((s) => names.get(String(s)) ?? 'a store') });
}

/** The role and stores an edit asks for, as they would be stored (the same rule for the preview and the change). */
async function askedCoverage(
  access: Access,
  m: MembershipDoc,
  userId: string,
  input: { role?: TMemberRole; stores?: string[] },
): Promise<{ role: TMemberRole; coverage: Coverage }> {
  if (m.role === 'owner') throw forbidden(TEAM_MESSAGES.ownerRole);
  if (userId === access.userId) throw forbidden(TEAM_MESSAGES.ownRole);
  const role = input.role ?? (m.role as TMemberRole);
  const wasAll = isAllStoreRole(m.role, m.allStores);
  let coverage: Coverage = { allStores: true, stores: [] };
  if (role !== 'admin') {
    const asked = input.stores ?? (wasAll ? [] : m.stores.map(String));
    if (role === 'manager' && asked.length === 0)
      throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.managerStores, 400, {
        stores: [TEAM_MESSAGES.managerStores],
      });
    if (asked.length > 0) coverage = { allStores: false, stores: await liveStores(access, asked) };
  }
  return { role, coverage };
}

/** The member's access once the role and stores are stored. */
const accessAfter = (access: Access, userId: string, role: TMemberRole, coverage: Coverage): Access =>
  accessFromMembership(userId, {
    business: access.businessId,
    role,
    allStores: coverage.allStores,
    stores: coverage.stores.map((s) => s._id),
  });

/** What stops working (unless kept) if the member is removed (no role asked) or gets the asked role and stores. */
export async function memberLinks(
  access: Access,
  userId: string,
  query: { role?: TMemberRole; stores?: string[] },
): Promise<TMemberLink[]> {
  const m = await memberOf(access, userId);
  if (query.role === undefined && query.stores === undefined) {
    if (m.role === 'owner') throw forbidden(TEAM_MESSAGES.ownerRemoval);
    return orphanedLinks(access, userId, null);
  }
  const { role, coverage } = await askedCoverage(access, m, userId, query);
  return orphanedLinks(access, userId, accessAfter(access, userId, role, coverage));
}

export async function updateMember(
  access: Access,
  userId: string,
  input: { role?: TMemberRole; stores?: string[]; keep?: string[] },
): Promise<TMember> {
  const m = await memberOf(access, userId);
  const { role, coverage } = await askedCoverage(access, m, userId, input);
  const wasAll = isAllStoreRole(m.role, m.allStores);
  const updated = await MembershipModel.findOneAndUpdate(
    { _id: m._id, role: { $ne: 'owner' } },
    { $set: { role, allStores: coverage.allStores, stores: coverage.stores.map((s) => s._id) } },
    { returnDocument: 'after' },
  ).lean<MembershipDoc>();
  if (!updated) throw notFound('Member');
  disconnectUser(userId);
  const user = await UserModel.findById(userId, { fullname: 1, email: 1 }).lean();
  const before = await describe(m.role as TRole, wasAll, m.stores);
  const after = roleText(role, { allStores: coverage.allStores, names: coverage.stores.map((s) => s.name) });
  await recordAudit(access, {
    kind: 'member',
    action: 'member.update',
    summary: `Changed ${user?.fullname ?? 'a member'} from ${before} to ${after}`,
    store: auditStore(coverage),
    before: { role: m.role, stores: before },
    after: { role, stores: after },
  });
  await settleOrphanedLinks(
    access,
    { userId, name: user?.fullname ?? 'a member' },
    accessAfter(access, userId, role, coverage),
    input.keep ?? [],
  );
  return memberDto(access, updated, user ?? undefined);
}

export async function removeMember(access: Access, userId: string, keep: string[] = []): Promise<string> {
  const m = await memberOf(access, userId);
  if (m.role === 'owner') throw forbidden(TEAM_MESSAGES.ownerRemoval);
  const done = await MembershipModel.deleteOne({ _id: m._id, role: { $ne: 'owner' } });
  if (done.deletedCount !== 1) throw notFound('Member');
  // Their next request reads no membership (403 NO_BUSINESS); open dashboards are cut now.
  disconnectUser(userId);
  const user = await UserModel.findById(userId, { fullname: 1 }).lean();
  const name = user?.fullname ?? 'a member';
  const was = await describe(m.role as TRole, isAllStoreRole(m.role, m.allStores), m.stores);
  await recordAudit(access, {
    kind: 'member',
    action: 'member.remove',
    summary: `Removed ${name} (${was})`,
    before: { role: m.role, stores: was },
  });
  // What they made for the business stops working unless the remover kept it (then it is the remover's).
  await settleOrphanedLinks(access, { userId, name }, null, keep);
  return `${name} no longer has access to the business`;
}

/** The target becomes owner first, then the old owner becomes an admin: never a moment without an owner. */
export async function transferOwnership(
  access: Access,
  input: { userId: string; password: string },
): Promise<string> {
  if (input.userId === access.userId)
    throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.selfTransfer, 400, {
      userId: [TEAM_MESSAGES.selfTransfer],
    });
  const owner = await UserModel.findById(access.userId).select('+passwordHash');
  if (!owner || !(await bcrypt.compare(input.password, owner.passwordHash)))
    throw new AppError('WRONG_PASSWORD', TEAM_MESSAGES.wrongPassword, 400, {
      password: [TEAM_MESSAGES.wrongPassword],
    });
  const target = await memberOf(access, input.userId);
  const promoted = await MembershipModel.updateOne(
    { _id: target._id },
    { $set: { role: 'owner', allStores: true, stores: [] } },
  );
  if (promoted.matchedCount !== 1) throw notFound('Member');
  await MembershipModel.updateOne(
    { business: access.businessId, user: access.userId, role: 'owner' },
    { $set: { role: 'admin', allStores: true, stores: [] } },
  );
  const user = await UserModel.findById(input.userId, { fullname: 1 }).lean();
  const name = user?.fullname ?? 'a member';
  await recordAudit(access, {
    kind: 'ownership',
    action: 'ownership.transfer',
    summary: `Transferred ownership to ${name}; ${owner.fullname} is now an Admin`,
    before: { owner: owner.fullname, [`${name} role`]: target.role },
    after: { owner: name, [`${owner.fullname} role`]: 'admin' },
  });
  return `${name} is now the owner; you are an admin`;
}
