// Pieces the member and invitation services share: store validation, role wording, DTOs and the manager's view.
import { Types } from 'mongoose';
import { ROLE_LABELS, type TInvitation, type TMember, type TRole } from '@cx/contracts';
import { notFound } from '../../lib/errors';
import { assertStoreInScope, type Access } from '../../tenancy/access';
import { StoreModel } from '../stores/store.model';
import type { InvitationDoc } from './invitation.model';

export interface StoreRef {
  _id: Types.ObjectId;
  name: string;
}

/** What a role covers once stored: all stores, or the listed ones. */
export interface Coverage {
  allStores: boolean;
  stores: StoreRef[];
}

/**
 * The stores exist, are live stores of the business and lie within the actor's own scope; any other id answers 404,
 * exactly like another business's store.
 */
export async function liveStores(access: Access, ids: string[]): Promise<StoreRef[]> {
  for (const id of ids) assertStoreInScope(access, id);
  if (ids.length === 0) return [];
  const found = await StoreModel.find(
    { _id: { $in: ids.map((id) => new Types.ObjectId(id)) }, business: access.businessId, deletedAt: null },
    { name: 1 },
  ).lean<StoreRef[]>();
  if (found.length !== ids.length) throw notFound('Store');
  const byId = new Map(found.map((s) => [String(s._id), s]));
  return ids.map((id) => byId.get(id)!);
}

/** Names of stored store ids (deleted stores keep their name; unknown ones are skipped). */
export async function storeNames(ids: unknown[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await StoreModel.find({ _id: { $in: ids } }, { name: 1 }).lean<StoreRef[]>();
  return new Map(found.map((s) => [String(s._id), s.name]));
}

/** "Admin", "Store manager of Soho, Camden", "Viewer of all stores". */
export function roleText(role: TRole, coverage: { allStores: boolean; names: string[] }): string {
  const label = ROLE_LABELS[role];
  if (role === 'owner' || role === 'admin') return label;
  return coverage.allStores ? `${label} of all stores` : `${label} of ${coverage.names.join(', ')}`;
}

/** The audit entry's store: the one store a change is about, when there is exactly one. */
export const auditStore = (c: Coverage): StoreRef | null =>
  !c.allStores && c.stores.length === 1 ? c.stores[0]! : null;

export const isAllStoreRole = (role: string, allStores: boolean | null | undefined) =>
  role === 'owner' || role === 'admin' || allStores !== false;

/** A store manager sees the members and invitations that touch their stores (all-store roles touch every store). */
export function touchesScope(
  access: Access,
  role: string,
  allStores: boolean | null | undefined,
  stores: unknown[],
) {
  if (access.storeIds === null || isAllStoreRole(role, allStores)) return true;
  return stores.some((s) => access.storeIds!.includes(String(s)));
}

/** A member's stores as the viewer may see them: null = all; a store manager only sees their own store ids. */
export function visibleStores(
  access: Access,
  role: string,
  allStores: boolean | null | undefined,
  stores: unknown[],
) {
  if (isAllStoreRole(role, allStores)) return null;
  const ids = stores.map(String);
  return access.storeIds === null ? ids : ids.filter((id) => access.storeIds!.includes(id));
}

export function memberDto(
  access: Access,
  m: {
    user: unknown;
    role: string;
    allStores?: boolean | null;
    stores?: unknown[] | null;
    createdAt?: Date | null;
  },
  user: { fullname?: string | null; email?: string | null } | undefined,
): TMember {
  return {
    userId: String(m.user),
    fullname: user?.fullname ?? 'Former user',
    email: user?.email ?? '',
    role: m.role as TRole,
    stores: visibleStores(access, m.role, m.allStores, m.stores ?? []),
    joinedAt: (m.createdAt ?? new Date(0)).toISOString(),
  };
}

export function invitationDto(access: Access, inv: InvitationDoc, inviterName: string): TInvitation {
  return {
    _id: String(inv._id),
    email: inv.email,
    role: inv.role as TRole,
    stores: visibleStores(access, inv.role, inv.allStores, inv.stores ?? []),
    invitedBy: inviterName,
    expiresAt: inv.expiresAt.toISOString(),
    createdAt: ((inv as { createdAt?: Date }).createdAt ?? new Date()).toISOString(),
  };
}

/**
 * Whether the actor may resend, revoke or replace an invitation: all-store roles may; a store manager only viewer
 * invitations within their own stores ('unseen' when it is not about their stores at all).
 */
export function mayManageInvitation(
  access: Access,
  inv: { role: string; allStores?: boolean | null; stores: unknown[] },
): 'yes' | 'unseen' | 'forbidden' {
  if (access.storeIds === null) return 'yes';
  const own = access.storeIds;
  const inScope =
    inv.allStores === false && inv.stores.length > 0 && inv.stores.every((s) => own.includes(String(s)));
  if (!inScope) return 'unseen';
  return access.role === 'manager' && inv.role !== 'viewer' ? 'forbidden' : 'yes';
}
