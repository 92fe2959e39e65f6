// Team-shaped test data as the API sends it: a user in a given role, members, invitations and audit entries.
import type { TAuditEntry, TInvitation, TMember, TRole, TUser } from '@cx/contracts';
import { jsonResponse, apiUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

export const BUSINESS = { _id: '64b7f0c2a1b2c3d4e5f6b001', name: 'Ada Coffee' };
export const OTHER_BUSINESS = { _id: '64b7f0c2a1b2c3d4e5f6b002', name: 'Bean Bros' };
export const soho = storeFixture({ _id: '64b7f0c2a1b2c3d4e5f6c001', name: 'Soho' });
export const camden = storeFixture({ _id: '64b7f0c2a1b2c3d4e5f6c002', name: 'Camden' });

export const IDS = {
  owner: apiUser._id,
  admin: '64b7f0c2a1b2c3d4e5f6a002',
  manager: '64b7f0c2a1b2c3d4e5f6a003',
  viewer: '64b7f0c2a1b2c3d4e5f6a004',
};

/** The signed-in person as GET /user/me answers, in `role` (stores: null = all). */
export function userAs(role: TRole | null, over: Partial<TUser> = {}): TUser {
  return {
    ...apiUser,
    _id: role && role !== 'owner' ? IDS[role] : apiUser._id,
    id: role && role !== 'owner' ? IDS[role] : apiUser._id,
    role,
    business: role ? BUSINESS : null,
    businesses: role ? [{ ...BUSINESS, role }] : [],
    stores: role === 'manager' || role === 'viewer' ? [soho._id] : null,
    ...over,
  };
}

/** renderApp options for a signed-in person in `role`. */
export function signedInAs(role: TRole | null, over: Partial<TUser> = {}) {
  return { token: 'jwt-team', user: { ...userAs(role, over) } };
}

export const members: TMember[] = [
  {
    userId: IDS.owner,
    fullname: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'owner',
    stores: null,
    areas: [],
    joinedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    userId: IDS.admin,
    fullname: 'Grace Hopper',
    email: 'grace@example.com',
    role: 'admin',
    stores: null,
    areas: [],
    joinedAt: '2026-01-02T00:00:00.000Z',
  },
  {
    userId: IDS.manager,
    fullname: 'Alan Turing',
    email: 'alan@example.com',
    role: 'manager',
    stores: [soho._id, camden._id],
    areas: [],
    joinedAt: '2026-01-03T00:00:00.000Z',
  },
];

export const invitation: TInvitation = {
  _id: '64b7f0c2a1b2c3d4e5f6d001',
  email: 'new@example.com',
  role: 'viewer',
  stores: [camden._id],
  areas: [],
  invitedBy: 'Ada Lovelace',
  expiresAt: '2026-02-08T00:00:00.000Z',
  createdAt: '2026-02-01T00:00:00.000Z',
};

export function auditEntry(n: number, over: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    _id: `64b7f0c2a1b2c3d4e5f6${String(7000 + n)}`,
    at: '2026-02-01T10:00:00.000Z',
    actor: { _id: IDS.manager, fullname: 'Alan Turing', role: 'manager' },
    kind: 'interfaces',
    action: 'store.interfaces',
    summary: `Change ${n}`,
    store: { _id: soho._id, name: 'Soho' },
    before: null,
    after: null,
    ...over,
  };
}

/** The routes every business page calls, answered for a person in `role`. */
export function baseRoutes(role: TRole | null, over: Partial<TUser> = {}) {
  return {
    'GET /api/v1/user/me': () => jsonResponse(200, { user: userAs(role, over) }),
    'GET /api/v1/store': () => jsonResponse(200, { stores: [soho, camden] }),
    'GET /api/v1/notifications': () =>
      jsonResponse(200, { data: [], page: 1, limit: 20, total: 0, unread: 0, openAlerts: 0, hasMore: false }),
  };
}
