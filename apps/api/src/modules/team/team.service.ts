// Members: the list (narrowed for store managers), role, store and area changes, removal and ownership transfer.
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
  ALL_STORES,
  auditStore,
  coverageNames,
  grantNames,
  invitationDto,
  isAllStoreRole,
  liveAreas,
  liveStores,
  memberDto,
  roleText,
  touchesScope,
  treeForScope,
  type Coverage,
  type Grant,
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
  const tree = await treeForScope(access);
  const memberships = (
    await MembershipModel.find({ business: access.businessId }).lean<MembershipDoc[]>()
  ).filter((m) => touchesScope(access, m, tree));
  const invitations = (
    await InvitationModel.find({ business: access.businessId, ...pendingFilter(now) })
      .sort({ createdAt: -1 })
      .lean<InvitationDoc[]>()
  ).filter((i) => touchesScope(access, i, tree));
  const ids = [...memberships.map((m) => m.user), ...invitations.map((i) => i.invitedBy)];
  const users = await UserModel.find({ _id: { $in: ids } }, { fullname: 1, email: 1 }).lean();
  const byId = new Map(users.map((u) => [String(u._id), u]));
  const members = memberships
    .map((m) => memberDto(access, m, byId.get(String(m.user)), tree))
    .sort((a, b) => ROLE_ORDER[a.role]! - ROLE_ORDER[b.role]! || a.fullname.localeCompare(b.fullname));
  return {
    members,
    invitations: invitations.map((i) =>
      invitationDto(access, i, byId.get(String(i.invitedBy))?.fullname ?? 'A former member', tree),
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

async function describe(g: Grant): Promise<string> {
  return roleText(g.role as TRole, { allStores: isAllStoreRole(g.role, g.allStores), names: await grantNames(g) });
}

type AskedGrant = { role?: TMemberRole; stores?: string[]; areas?: string[] };

/** The role, stores and areas an edit asks for, as they would be stored (one rule for the preview and the change). */
async function askedCoverage(
  access: Access,
  m: MembershipDoc,
  userId: string,
  input: AskedGrant,
): Promise<{ role: TMemberRole; coverage: Coverage }> {
  if (m.role === 'owner') throw forbidden(TEAM_MESSAGES.ownerRole);
  if (userId === access.userId) throw forbidden(TEAM_MESSAGES.ownRole);
  const role = input.role ?? (m.role as TMemberRole);
  const wasAll = isAllStoreRole(m.role, m.allStores);
  let coverage: Coverage = ALL_STORES;
  if (role !== 'admin') {
    const stores = input.stores ?? (wasAll ? [] : m.stores.map(String));
    const areas = input.areas ?? (wasAll ? [] : (m.areas ?? []).map(String));
    if (role === 'manager' && stores.length === 0 && areas.length === 0)
      throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.managerStores, 400, {
        stores: [TEAM_MESSAGES.managerStores],
      });
    if (stores.length + areas.length > 0)
      coverage = {
        allStores: false,
        stores: await liveStores(access, stores),
        areas: await liveAreas(access, areas),
      };
  }
  return { role, coverage };
}

/** The coverage as a membership stores it. */
const grantOf = (c: Coverage) => ({
  allStores: c.allStores,
  stores: c.stores.map((s) => s._id),
  areas: c.areas.map((a) => a._id),
});

/** The member's access once the role, stores and areas are stored. */
const accessAfter = (access: Access, userId: string, role: TMemberRole, coverage: Coverage) =>
  accessFromMembership(userId, { business: access.businessId, role, ...grantOf(coverage) });

/** What stops working (unless kept) if the member is removed (no role asked) or gets the asked role and stores. */
export async function memberLinks(
  access: Access,
  userId: string,
  query: AskedGrant,
): Promise<TMemberLink[]> {
  const m = await memberOf(access, userId);
  if (query.role === undefined && query.stores === undefined && query.areas === undefined) {
    if (m.role === 'owner') throw forbidden(TEAM_MESSAGES.ownerRemoval);
    return orphanedLinks(access, userId, null);
  }
  const { role, coverage } = await askedCoverage(access, m, userId, query);
  return orphanedLinks(access, userId, await accessAfter(access, userId, role, coverage));
}

export async function updateMember(
  access: Access,
  userId: string,
  input: AskedGrant & { keep?: string[] },
): Promise<TMember> {
  const m = await memberOf(access, userId);
  const { role, coverage } = await askedCoverage(access, m, userId, input);
  const updated = await MembershipModel.findOneAndUpdate(
    { _id: m._id, role: { $ne: 'owner' } },
    { $set: { role, ...grantOf(coverage) } },
    { returnDocument: 'after' },
  ).lean<MembershipDoc>();
  if (!updated) throw notFound('Member');
  disconnectUser(userId);
  const user = await UserModel.findById(userId, { fullname: 1, email: 1 }).lean();
  const before = await describe(m);
  const after = roleText(role, { allStores: coverage.allStores, names: coverageNames(coverage) });
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
    await accessAfter(access, userId, role, coverage),
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
  const was = await describe(m);
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
    { $set: { role: 'owner', allStores: true, stores: [], areas: [] } },
  );
  if (promoted.matchedCount !== 1) throw notFound('Member');
  await MembershipModel.updateOne(
    { business: access.businessId, user: access.userId, role: 'owner' },
    { $set: { role: 'admin', allStores: true, stores: [], areas: [] } },
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
