// Roles and permissions: the one table of who may do what, read by the API's access middleware and the web's menus.
import { z } from 'zod';

export const ROLES = ['owner', 'admin', 'manager', 'viewer'] as const;
export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;
/** Roles a member can be given by invitation or edit (there is exactly one owner: ownership moves by transfer). */
export const ZMemberRoleSchema = z.enum(['admin', 'manager', 'viewer'], {
  errorMap: () => ({ message: 'Role must be admin, manager or viewer' }),
});
export type TMemberRole = z.infer<typeof ZMemberRoleSchema>;

export const ROLE_LABELS: Record<TRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  manager: 'Store manager',
  viewer: 'Viewer',
};

const ALL: readonly TRole[] = ROLES;
const EDITORS: readonly TRole[] = ['owner', 'admin', 'manager'];
const ADMINS: readonly TRole[] = ['owner', 'admin'];
const OWNER: readonly TRole[] = ['owner'];

/** Permission → the roles that hold it. Store managers and viewers hold theirs only over their assigned stores. */
export const PERMISSIONS = {
  /** Dashboards, league tables, feedback timeline, CSV exports (over the member's stores). */
  'analytics:read': ALL,
  /** Business-wide dashboard settings (e.g. the league table's minimum sample). */
  'analytics:settings': ADMINS,
  'stores:read': ALL,
  /** Edit a store, its image, interface switches; QR codes and kiosk hand-over. */
  'stores:write': EDITORS,
  /** Create or delete stores. */
  'stores:manage': ADMINS,
  /** The chain's logo and brand colour on posters, QR pages and boards (every member sees them). */
  'brand:manage': ADMINS,
  /** The location tree (regions, districts): members see the areas above their stores. */
  'areas:read': ALL,
  /** Add, rename, move and delete areas; move stores between areas. */
  'areas:manage': ADMINS,
  /** Targets per metric on areas and stores (members see those on nodes they see). */
  'targets:read': ALL,
  /** Set targets: owners/admins anywhere; managers on their own stores (and areas they manage). */
  'targets:write': EDITORS,
  'staff:read': ALL,
  'staff:write': EDITORS,
  'rota:read': ALL,
  'rota:write': EDITORS,
  /** Flagged ratings: review and restore. */
  'feedback:review': EDITORS,
  /** The member's own bell, notification list and read state. */
  'notifications:read': ALL,
  /** Alert rules and notification settings. */
  'notifications:write': EDITORS,
  'billing:read': OWNER,
  'billing:write': OWNER,
  'team:read': EDITORS,
  /** Invite (a store manager may invite viewers to their own stores only). */
  'team:invite': EDITORS,
  /** Change roles and stores, remove members. */
  'team:manage': ADMINS,
  'audit:read': ADMINS,
  /** API keys, outgoing webhooks and chat/email alert channels of the business. */
  'integrations:manage': ADMINS,
  /** Breakroom TV boards and staff scorecard share links (managers over their own stores). */
  'boards:manage': EDITORS,
  /** The business's comment-theme vocabulary: rename, merge, hide shout-outs. */
  'themes:manage': ADMINS,
  /** The case inbox and case view (contact details masked without `cases:contact`). */
  'cases:read': ALL,
  /** Frontline work on a case: notes, in progress / waiting (a viewer is frontline staff). */
  'cases:work': ALL,
  /** Resolve, close, reassign, open by hand, reply to the customer, rule on a staff dispute. */
  'cases:manage': EDITORS,
  /** See a customer's email address and phone number on a case. */
  'cases:contact': EDITORS,
  /** Due times per priority, automatic opening, assignment and retention. */
  'cases:settings': ADMINS,
  /** The data-subject request tool: export and erase what is held for one email or phone. */
  'privacy:manage': ADMINS,
  /** The first-run step and the setup checklist: the business's name, planned stores, dismissing the checklist. */
  'business:setup': ADMINS,
  /** Transfer ownership, delete the business. */
  'business:own': OWNER,
} as const satisfies Record<string, readonly TRole[]>;
export type TPermission = keyof typeof PERMISSIONS;

export function can(role: TRole | null | undefined, permission: TPermission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly TRole[]).includes(role);
}

/**
 * What a route needs, declared next to its path (contract `metadata`):
 * - `account`: any signed-in person, with or without a business (profile, business switcher, accepting invitations);
 * - `business`: a member of the current business holding `permission`; services narrow to the member's stores;
 * - `store`: as `business`, and the store named at `store` (e.g. `params.id`) must be one of the member's stores.
 */
export type TRouteAccess =
  | { public: true }
  | { permission: 'account'; scope: 'account' }
  | { permission: TPermission; scope: 'business'; apiKey?: TApiKeyScope }
  | { permission: TPermission; scope: 'store'; store: 'params.id' | 'params.storeId'; apiKey?: TApiKeyScope };

/** What an API key (`Authorization: Bearer cxk_…`) may be given; a route names the one scope that admits a key. */
export const API_KEY_SCOPES = [
  'ratings:read',
  'analytics:read',
  'webhooks:manage',
  'stores:import',
  'cases:read',
] as const;
export const ZApiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  errorMap: () => ({
    message: 'Scope must be ratings:read, analytics:read, webhooks:manage, stores:import or cases:read',
  }),
});
export type TApiKeyScope = z.infer<typeof ZApiKeyScopeSchema>;

/** A member route that an API key holding `scope` may also call (same handler, same tenant and store rules). */
export function withApiKey<A extends { scope: 'business' | 'store' }, S extends TApiKeyScope>(
  access: A,
  scope: S,
) {
  return { ...access, apiKey: scope } as A & { apiKey: S };
}

export const accountRoute = { permission: 'account', scope: 'account' } as const;
export function businessRoute<P extends TPermission>(permission: P) {
  return { permission, scope: 'business' } as const;
}
export function storeRoute<P extends TPermission>(
  permission: P,
  store: 'params.id' | 'params.storeId' = 'params.id',
) {
  return { permission, scope: 'store', store } as const;
}

/** Spoken refusals: a page a role cannot use says so plainly. */
export const ACCESS_MESSAGES = {
  noBusiness: 'You no longer have access to this business',
  forbidden: 'Your role does not allow this',
  billingOwnerOnly: 'Only the owner can manage the subscription',
} as const;
