// Pieces the member and invitation services share: store and area validation, role wording, DTOs and the manager's view.
import mongoose, { Types } from 'mongoose';
import { ROLE_LABELS, type TInvitation, type TMember, type TRole } from '@cx/contracts';
import { notFound } from '../../lib/errors';
import { assertStoreInScope, type Access } from '../../tenancy/access';
import { AreaModel } from '../../tenancy/area.model';
import { areaTree, type AreaTree } from '../../tenancy/area-tree';
import { rootArea } from '../../tenancy/areas';
import { StoreModel } from '../stores/store.model';
import type { InvitationDoc } from './invitation.model';

export interface StoreRef {
  _id: Types.ObjectId;
  name: string;
}

/** What a role covers once stored: all stores, or the listed stores and every store under the listed areas. */
export interface Coverage {
  allStores: boolean;
  stores: StoreRef[];
  areas: StoreRef[];
}

export const ALL_STORES: Coverage = { allStores: true, stores: [], areas: [] };

/** A grant as stored on a membership or an invitation. */
export interface Grant {
  role: string;
  allStores?: boolean | null;
  stores?: unknown[] | null;
  areas?: unknown[] | null;
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

/**
 * The areas exist in the business (the top area's id is the business's) and, for a store-limited actor, lie within
 * an area they were granted themselves (an area grant reaches stores added later, so holding every store now is not
 * enough); any other id answers 404, exactly like another business's area.
 */
export async function liveAreas(access: Access, ids: string[]): Promise<StoreRef[]> {
  if (ids.length === 0) return [];
  if (ids.some((id) => !mongoose.isValidObjectId(id))) throw notFound('Area');
  const found = await AreaModel.find({ _id: { $in: ids }, business: access.businessId }, { name: 1 }).lean<
    StoreRef[]
  >();
  const byId = new Map(found.map((a) => [String(a._id), a]));
  if (ids.includes(access.businessId) && !byId.has(access.businessId)) {
    const root = await rootArea(access.businessId);
    byId.set(access.businessId, { _id: root._id, name: root.name });
  }
  if (ids.some((id) => !byId.has(id))) throw notFound('Area');
  if (access.storeIds !== null) {
    const tree = await areaTree(access.businessId);
    if (ids.some((id) => !tree.covers(access.areaIds ?? [], id))) throw notFound('Area');
  }
  return ids.map((id) => byId.get(id)!);
}

/** Names of stored area ids (unknown ones are skipped). */
export async function areaNames(ids: unknown[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await AreaModel.find({ _id: { $in: ids } }, { name: 1 }).lean<StoreRef[]>();
  return new Map(found.map((a) => [String(a._id), a.name]));
}

/** A stored grant's stores and areas by name, for role wording ("Store manager of London, Soho"). */
export async function grantNames(g: Grant): Promise<string[]> {
  const [stores, areas] = await Promise.all([storeNames(g.stores ?? []), areaNames(g.areas ?? [])]);
  return [
    ...(g.areas ?? []).map((a) => areas.get(String(a)) ?? 'an area'),
    ...(g.stores ?? []).map((s) => stores.get(String(s)) ?? 'a store'),
  ];
}

/** A coverage's names, areas first. */
export const coverageNames = (c: Coverage) => [...c.areas, ...c.stores].map((x) => x.name);

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

/** The audit entry's store: the one store a change is about, when there is exactly one (and no area). */
export const auditStore = (c: Coverage): StoreRef | null =>
  !c.allStores && c.stores.length === 1 && c.areas.length === 0 ? c.stores[0]! : null;

export const isAllStoreRole = (role: string, allStores: boolean | null | undefined) =>
  role === 'owner' || role === 'admin' || allStores !== false;

/** The stores a stored grant covers now (null: all), with the business's tree when it names areas. */
export function grantStores(g: Grant, tree: AreaTree | null): string[] | null {
  if (isAllStoreRole(g.role, g.allStores)) return null;
  const stores = (g.stores ?? []).map(String);
  const areas = (g.areas ?? []).map(String);
  return areas.length && tree ? [...new Set([...stores, ...tree.storesUnder(areas)])] : stores;
}

/** The business's tree when a store-limited actor must compare grants with their own stores; null otherwise. */
export const treeForScope = (access: Access) =>
  access.storeIds === null ? Promise.resolve(null) : areaTree(access.businessId);

/** A store manager sees the members and invitations that touch their stores (all-store roles touch every store). */
export function touchesScope(access: Access, g: Grant, tree: AreaTree | null) {
  const covered = grantStores(g, tree);
  if (access.storeIds === null || covered === null) return true;
  const ownAreas = access.areaIds ?? [];
  return (
    covered.some((s) => access.storeIds!.includes(s)) ||
    (tree !== null && (g.areas ?? []).some((a) => tree.covers(ownAreas, String(a))))
  );
}

/** A member's stores as the viewer may see them: null = all; a store manager only sees their own store ids. */
export function visibleStores(access: Access, g: Grant) {
  if (isAllStoreRole(g.role, g.allStores)) return null;
  const ids = (g.stores ?? []).map(String);
  return access.storeIds === null ? ids : ids.filter((id) => access.storeIds!.includes(id));
}

/** A member's areas as the viewer may see them: a store-limited viewer only those inside their own areas. */
export function visibleAreas(access: Access, g: Grant, tree: AreaTree | null) {
  if (isAllStoreRole(g.role, g.allStores)) return [];
  const ids = (g.areas ?? []).map(String);
  if (access.storeIds === null) return ids;
  return tree ? ids.filter((id) => tree.covers(access.areaIds ?? [], id)) : [];
}

export function memberDto(
  access: Access,
  m: Grant & { user: unknown; createdAt?: Date | null },
  user: { fullname?: string | null; email?: string | null } | undefined,
  tree: AreaTree | null = null,
): TMember {
  return {
    userId: String(m.user),
    fullname: user?.fullname ?? 'Former user',
    email: user?.email ?? '',
    role: m.role as TRole,
    stores: visibleStores(access, m),
    areas: visibleAreas(access, m, tree),
    joinedAt: (m.createdAt ?? new Date(0)).toISOString(),
  };
}

export function invitationDto(
  access: Access,
  inv: InvitationDoc,
  inviterName: string,
  tree: AreaTree | null = null,
): TInvitation {
  return {
    _id: String(inv._id),
    email: inv.email,
    role: inv.role as TRole,
    stores: visibleStores(access, inv),
    areas: visibleAreas(access, inv, tree),
    invitedBy: inviterName,
    expiresAt: inv.expiresAt.toISOString(),
    createdAt: ((inv as { createdAt?: Date }).createdAt ?? new Date()).toISOString(),
  };
}

/**
 * Whether the actor may resend, revoke or replace an invitation: all-store roles may; a store manager only viewer
 * invitations within their own stores and areas ('unseen' when it is not about their stores at all).
 */
export function mayManageInvitation(
  access: Access,
  inv: Grant,
  tree: AreaTree | null,
): 'yes' | 'unseen' | 'forbidden' {
  if (access.storeIds === null) return 'yes';
  const own = access.storeIds;
  const stores = (inv.stores ?? []).map(String);
  const areas = (inv.areas ?? []).map(String);
  const inScope =
    inv.allStores === false &&
    stores.length + areas.length > 0 &&
    stores.every((s) => own.includes(s)) &&
    areas.every((a) => tree !== null && tree.covers(access.areaIds ?? [], a));
  if (!inScope) return 'unseen';
  return access.role === 'manager' && inv.role !== 'viewer' ? 'forbidden' : 'yes';
}
