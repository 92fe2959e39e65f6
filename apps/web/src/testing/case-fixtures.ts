// Case-shaped test data as the API sends it (#37), and a signed-in member in a role with the reads every page makes.
import type { TCase, TCaseDetail, TCaseMetrics, TMember, TRole, TUser } from '@cx/contracts';
import { apiUser, jsonResponse } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

export const BUSINESS = { _id: '64b7f0c2a1b2c3d4e5f6b001', name: 'Ada Coffee' };
export const soho = storeFixture({ _id: '64b7f0c2a1b2c3d4e5f6c001', name: 'Soho' });
export const camden = storeFixture({ _id: '64b7f0c2a1b2c3d4e5f6c002', name: 'Camden' });
export const IDS = {
  owner: apiUser._id,
  admin: '64b7f0c2a1b2c3d4e5f6a002',
  manager: '64b7f0c2a1b2c3d4e5f6a003',
  viewer: '64b7f0c2a1b2c3d4e5f6a004',
};

export function userAs(role: TRole): TUser {
  const id = IDS[role];
  return {
    ...apiUser,
    _id: id,
    id,
    role,
    business: BUSINESS,
    businesses: [{ ...BUSINESS, role }],
    stores: role === 'manager' || role === 'viewer' ? [soho._id] : null,
  };
}

export const signedInAs = (role: TRole) => ({ token: `jwt-${role}`, user: userAs(role) });

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
    userId: IDS.manager,
    fullname: 'Alan Turing',
    email: 'alan@example.com',
    role: 'manager',
    stores: [soho._id],
    areas: [],
    joinedAt: '2026-01-02T00:00:00.000Z',
  },
  {
    userId: IDS.viewer,
    fullname: 'Vera Viewer',
    email: 'vera@example.com',
    role: 'viewer',
    stores: [camden._id],
    areas: [],
    joinedAt: '2026-01-03T00:00:00.000Z',
  },
];

const HOUR = 3_600_000;

export function caseFixture(n: number, over: Partial<TCase> = {}): TCase {
  return {
    _id: `64b7f0c2a1b2c3d4e5f6${String(9000 + n)}`,
    number: n,
    store: { _id: soho._id, name: 'Soho' },
    rating: {
      _id: `64b7f0c2a1b2c3d4e5f6${String(8000 + n)}`,
      kind: 'experience',
      score: 1,
      comment: 'Order wrong and nobody said sorry',
      tags: ['Order wrong'],
      staff: null,
      createdAt: '2026-11-27T10:00:00.000Z',
    },
    reason: 'contact_request',
    summary: 'Contact request',
    status: 'new',
    priority: 'high',
    owner: { _id: IDS.manager, name: 'Alan Turing' },
    dueAt: new Date(Date.now() + 3 * HOUR).toISOString(),
    overdue: false,
    escalationLevel: 0,
    rootCause: null,
    action: null,
    contact: { email: 'jo@example.com', phone: null, masked: false, erased: false },
    firstResponseAt: null,
    resolvedAt: null,
    closedAt: null,
    recovered: null,
    dispute: 'none',
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    ...over,
  };
}

export function caseDetail(n: number, over: Partial<TCaseDetail> = {}): TCaseDetail {
  return {
    ...caseFixture(n),
    notes: [],
    messages: [],
    history: [
      { at: '2026-11-27T10:00:00.000Z', actor: 'System', action: 'opened', summary: 'opened the case' },
    ],
    can: { update: true, close: true, reply: true, rule: true },
    ...over,
  };
}

export function metricsFixture(over: Partial<TCaseMetrics> = {}): TCaseMetrics {
  return {
    opened: 4,
    resolved: 2,
    open: 2,
    overdue: 1,
    medianFirstResponseMinutes: 42,
    medianResolutionMinutes: 200,
    withinSlaPct: 50,
    recoveryRate: 100,
    topRootCauses: [{ rootCause: 'order_error', count: 2 }],
    perStore: [
      {
        store: { _id: soho._id, name: 'Soho' },
        opened: 4,
        medianFirstResponseMinutes: 42,
        medianResolutionMinutes: 200,
        withinSlaPct: 50,
        recoveryRate: 100,
        topRootCause: 'order_error',
      },
    ],
    ...over,
  };
}

/** The reads every business page makes, for a member in `role`. */
export function baseRoutes(role: TRole) {
  return {
    'GET /api/v1/user/me': () => jsonResponse(200, { user: userAs(role) }),
    'GET /api/v1/store': () =>
      jsonResponse(200, { stores: role === 'manager' || role === 'viewer' ? [soho] : [soho, camden] }),
    'GET /api/v1/areas': () => jsonResponse(200, { areas: [] }),
    'GET /api/v1/notifications': () =>
      jsonResponse(200, { data: [], page: 1, limit: 20, total: 0, unread: 0, openAlerts: 0, hasMore: false }),
    'GET /api/v1/analytics/cases': () => jsonResponse(200, metricsFixture()),
  };
}
