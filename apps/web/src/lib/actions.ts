// Which contract route an on-screen action calls, and whether the member's role and stores allow it (#36): one read
// of the contract's declared permissions, used by every screen and walked by the role test (src/app/role-walk.test).
import {
  can,
  contract,
  PERMISSIONS,
  ROLE_LABELS,
  type TContract,
  type TPermission,
  type TRole,
  type TRouteAccess,
} from '@cx/contracts';
import { useSession } from '@/lib/session';
import { roleOf } from '@/lib/role';

type TRouteLeaf = { method: string; path: string };
/** "stores.create", "analytics.updateSettings", …: every route of the contract by its dotted key. */
type TRouteIds<T> = {
  [K in keyof T & string]: T[K] extends TRouteLeaf ? K : `${K}.${TRouteIds<T[K]>}`;
}[keyof T & string];
export type TRouteId = TRouteIds<TContract>;

/** The access a route declares in its contract metadata; throws for an id that names no route (a typo fails loud). */
export function routeAccess(id: string): TRouteAccess {
  let node: unknown = contract;
  for (const key of id.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  const route = node as (TRouteLeaf & { metadata?: TRouteAccess }) | undefined;
  if (!route || typeof route.method !== 'string' || !route.metadata)
    throw new Error(`No contract route "${id}"`);
  return route.metadata;
}

/** Why a role cannot act, named by who can ("Only the owner or an admin can do this"). */
export function refusalReason(permission: TPermission): string {
  const who = (PERMISSIONS[permission] as readonly TRole[]).map((r) =>
    r === 'owner'
      ? 'the owner'
      : `${/^[aeiou]/i.test(ROLE_LABELS[r]) ? 'an' : 'a'} ${ROLE_LABELS[r].toLowerCase()}`,
  );
  const list = who.length > 1 ? `${who.slice(0, -1).join(', ')} or ${who.at(-1)}` : who[0];
  return `Only ${list} can do this`;
}

export type TActionCheck = {
  allowed: boolean;
  /** Shown beside a disabled action; absent when allowed. */
  reason?: string;
  /** Spread on the action's element: the declarative link the role walk test reads. */
  attrs: { 'data-route': string; 'data-store'?: string };
};

/** Pure: may a member in `role` over `stores` (null = all) call route `id`, on `storeId` for a store-scoped route? */
export function checkAction(
  role: TRole | null,
  stores: readonly string[] | null,
  id: TRouteId,
  storeId?: string,
): TActionCheck {
  const access = routeAccess(id);
  const attrs = { 'data-route': id, ...(storeId ? { 'data-store': storeId } : {}) };
  if ('public' in access || access.permission === 'account') return { allowed: true, attrs };
  if (!can(role, access.permission))
    return { allowed: false, reason: refusalReason(access.permission), attrs };
  if (access.scope === 'store' && storeId && stores !== null && !stores.includes(storeId))
    return { allowed: false, reason: 'This store is not one of yours', attrs };
  return { allowed: true, attrs };
}

/** The signed-in member's check for one action (role and stores from the stored profile). */
export function useAction(id: TRouteId, storeId?: string): TActionCheck {
  const { user } = useSession();
  const stores = Array.isArray(user?.stores) ? (user.stores as string[]) : null;
  return checkAction(roleOf(user), stores, id, storeId);
}

/** The declarative link alone, for an action on a page the role gate already admits (e.g. Team, Integrations). */
export function routeAttrs(id: TRouteId): { 'data-route': string } {
  return { 'data-route': id };
}

/** Marks a control that calls no route (it selects, filters or navigates), where a fixed name list cannot (#36). */
export const NO_ROUTE = 'none';
export const noRouteAttrs = { 'data-route': NO_ROUTE } as const;
