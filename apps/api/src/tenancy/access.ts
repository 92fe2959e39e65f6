// Who may do what, in one place: token → user → membership of the current business → Access, checked per route.
import type { NextFunction, Request, Response } from 'express';
import { Types } from 'mongoose';
import { ACCESS_MESSAGES, can, type TApiKeyScope, type TRole, type TRouteAccess } from '@cx/contracts';
import { apiKeyOf, authenticate, isPublicRoute, type AuthContext } from '../lib/auth';
import { AppError, notFound, unauthorized } from '../lib/errors';
import { areaTree } from './area-tree';
import { MembershipModel } from './membership.model';
import { assertSubscribed, exemptFromPaywall } from './subscription';
import { StoreModel } from '../modules/stores/store.model';
import { UserModel } from '../modules/users/user.model';
import { apiKeyAccess } from '../modules/integrations/api-key-access';

/** The signed-in member's standing in their current business, read from the database on every request. */
export interface Access {
  userId: string;
  businessId: string;
  role: TRole;
  /** The stores the role covers; null means every store of the business. */
  storeIds: string[] | null;
  /** The areas a store-limited member is granted (their stores include every store under them); absent otherwise. */
  areaIds?: string[];
  /** Set when an API key, not a member, is calling: then userId is the key's id and the audit names the key. */
  apiKey?: { id: string; name: string; prefix: string; scopes: TApiKeyScope[] };
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      access?: Access;
    }
  }
}

export const noBusiness = () => new AppError('NO_BUSINESS', ACCESS_MESSAGES.noBusiness, 403);
export const forbidden = (message: string = ACCESS_MESSAGES.forbidden) =>
  new AppError('FORBIDDEN', message, 403);

type MembershipLike = {
  business: unknown;
  role: string;
  allStores?: boolean | null;
  stores?: unknown[] | null;
  areas?: unknown[] | null;
};

/**
 * The one resolver from a membership to the stores it covers: every store for owners, admins and all-store members;
 * otherwise the granted stores and every store under a granted area, read from the business's tree as it is now
 * (so a store added to or moved out of an area counts from the next request on).
 */
export async function accessFromMembership(userId: string, m: MembershipLike): Promise<Access> {
  const role = m.role as TRole;
  const base = { userId, businessId: String(m.business), role };
  if (role === 'owner' || role === 'admin' || m.allStores !== false) return { ...base, storeIds: null };
  const stores = (m.stores ?? []).map(String);
  const areaIds = (m.areas ?? []).map(String);
  if (areaIds.length === 0) return { ...base, storeIds: stores, areaIds };
  const tree = await areaTree(m.business);
  return { ...base, storeIds: [...new Set([...stores, ...tree.storesUnder(areaIds)])], areaIds };
}

/**
 * The person's access in their current business. A person whose current business is unset (a new account, or one
 * whose business was switched away) lands in their oldest membership; one removed from the current business gets
 * NO_BUSINESS so the web app can say so (and offer their other businesses).
 */
export async function resolveAccess(auth: AuthContext): Promise<Access> {
  const { userId } = auth;
  let current = auth.currentBusiness;
  if (current === undefined) {
    const user = await UserModel.findById(userId, { currentBusiness: 1 }).lean();
    if (!user) throw unauthorized('Your session is no longer valid. Please log in again.');
    current = user.currentBusiness ? String(user.currentBusiness) : null;
  }
  if (current) {
    const m = await MembershipModel.findOne({ business: current, user: userId }).lean();
    if (!m) throw noBusiness();
    return await accessFromMembership(userId, m);
  }
  const first = await MembershipModel.findOne({ user: userId }).sort({ createdAt: 1, _id: 1 }).lean();
  if (!first) throw noBusiness();
  await UserModel.updateOne(
    { _id: userId, currentBusiness: null },
    { $set: { currentBusiness: first.business } },
  );
  return await accessFromMembership(userId, first);
}

function routeAccessOf(req: Request): TRouteAccess | undefined {
  return (req as Request & { tsRestRoute?: { metadata?: TRouteAccess } }).tsRestRoute?.metadata;
}

/** True when the store is one the access covers (every store for all-store roles; the service checks the business). */
export function coversStore(access: Access, storeId: string): boolean {
  return access.storeIds === null || access.storeIds.includes(String(storeId));
}

/** 404 for a store outside the member's stores: to them it does not exist, exactly like another business's store. */
export function assertStoreInScope(access: Access, storeId: unknown, what = 'Store'): void {
  if (!coversStore(access, String(storeId))) throw notFound(what);
}

/** The query filter for records of one business, narrowed to the member's stores on `storeField`. */
export function scopeFilter(access: Access, storeField = 'store'): Record<string, unknown> {
  const filter: Record<string, unknown> = { business: access.businessId };
  if (access.storeIds !== null)
    filter[storeField] = { $in: access.storeIds.map((id) => new Types.ObjectId(id)) };
  return filter;
}

/**
 * True when an object scoped to `stores` (null or empty: the whole business) lies inside the access's stores. One
 * rule for store managers and store-limited API keys alike: a business-wide object, or one that also covers a store
 * outside theirs, does not exist for them (404), exactly like another business's.
 */
export function coversStores(access: Access, stores: readonly unknown[] | null | undefined): boolean {
  if (access.storeIds === null) return true;
  return !!stores && stores.length > 0 && stores.every((s) => coversStore(access, String(s)));
}

/** The query filter for records of one business that carry a store set on `storesField`, as `coversStores` says. */
export function storeSetFilter(access: Access, storesField = 'stores'): Record<string, unknown> {
  const filter: Record<string, unknown> = { business: access.businessId };
  if (access.storeIds !== null) {
    const ids = access.storeIds.map((id) => new Types.ObjectId(id));
    // At least one store, and none outside theirs (null and [] match neither).
    filter[storesField] = { $elemMatch: { $in: ids }, $not: { $elemMatch: { $nin: ids } } };
  }
  return filter;
}

/** Every store asked for must be a live store of the business that the access covers; otherwise 404. */
export async function assertOwnStores(access: Access, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const id of ids) assertStoreInScope(access, id);
  const found = await StoreModel.countDocuments({
    business: access.businessId,
    _id: { $in: ids },
    deletedAt: null,
  });
  if (found !== new Set(ids).size) throw notFound('Store');
}

/** The member's stores narrowed to those asked for (undefined/empty = all of theirs); an unknown one is a 404. */
export function narrowStores(access: Access, asked: string[] | undefined): string[] | null {
  if (!asked || asked.length === 0) return access.storeIds;
  for (const id of asked) assertStoreInScope(access, id);
  return asked;
}

type Declared = Exclude<TRouteAccess, { public: true }>;

function declaredOrFail(declared: TRouteAccess | undefined): Declared {
  if (!declared || !('permission' in declared))
    throw new AppError('INTERNAL', 'This route declares no permission', 500);
  return declared;
}

/** A member's JWT: 401 without a valid session; account routes stop here (undefined), others need the permission. */
async function memberAccess(req: Request, route: TRouteAccess | undefined): Promise<Access | undefined> {
  const auth = await authenticate(req);
  req.auth = auth;
  const declared = declaredOrFail(route);
  if (declared.scope === 'account') return undefined;
  const access = await resolveAccess(auth);
  if (!can(access.role, declared.permission)) {
    throw forbidden(
      declared.permission.startsWith('billing:') ? ACCESS_MESSAGES.billingOwnerOnly : undefined,
    );
  }
  return access;
}

/** An API key: 401 unknown or revoked; 403 on a route that takes no key, or names a scope the key lacks. */
async function keyAccess(req: Request, res: Response, token: string, route: TRouteAccess | undefined) {
  const access = await apiKeyAccess(token, req, res);
  const declared = declaredOrFail(route);
  if (declared.scope === 'account' || !declared.apiKey) throw forbidden('API keys cannot call this route');
  assertApiKeyScope(access, declared.apiKey);
  return access;
}

/** Members pass; an API key must hold `scope` (for a handler whose parameters decide, e.g. which table to export). */
export function assertApiKeyScope(access: Access, scope: TApiKeyScope): void {
  if (access.apiKey && !access.apiKey.scopes.includes(scope))
    throw forbidden(`This API key does not have the ${scope} scope`);
}

/**
 * ts-rest global middleware, the one door: authenticates a member's JWT or an API key (401), then for business
 * routes resolves the membership (403 NO_BUSINESS) and checks the route's declared permission (403 FORBIDDEN) — for
 * a key, that the route takes keys and the key holds its scope — and, for store routes, that the named store is in
 * scope (404), then the paywall: a business without a plan gets 402 on every route but billing (an owner can still
 * pay) and account routes (profile, sign-out). Routes without a declaration are refused, so none can be added
 * unguarded.
 */
export function accessGuard(req: Request, res: Response, next: NextFunction): void {
  if (isPublicRoute(req)) return next();
  const route = routeAccessOf(req);
  const key = apiKeyOf(req);
  (key ? keyAccess(req, res, key, route) : memberAccess(req, route))
    .then(async (access) => {
      if (!access) return;
      const declared = declaredOrFail(route);
      if (declared.scope === 'store') {
        const param = declared.store === 'params.storeId' ? 'storeId' : 'id';
        const storeId = (req.params as Record<string, string | undefined>)[param];
        if (storeId) assertStoreInScope(access, storeId);
      }
      // After the permission check: a role that may not use a route hears 403 whatever the plan.
      if (!exemptFromPaywall(declared)) await assertSubscribed(access.businessId);
      req.access = access;
    })
    .then(() => next(), next);
}

/** The member's access inside a business-scoped handler. */
export function accessOf(req: Request): Access {
  if (!req.access) throw unauthorized();
  return req.access;
}
