// The role walk's API (#36): every GET a dashboard screen makes, answered with real-shaped data for one member, so
// each screen shows its full set of actions (an unanswered GET is reported by the walk, not silently skipped).
import {
  can,
  DEFAULT_CASE_SETTINGS,
  SETUP_ITEMS,
  type TOnboarding,
  type TRole,
  type TRotaWeek,
  type TRule,
  type TStaff,
  type TStore,
  type TUser,
} from '@cx/contracts';
import {
  overviewFixture,
  snapshotFixture,
  staffLeagueFixture,
  storeLeagueFixture,
  themesReportFixture,
  periodFixture,
  themeEntry,
  timelineItem,
} from '@/testing/analytics-fixtures';
import { caseDetail, caseFixture, metricsFixture } from '@/testing/case-fixtures';
import type { TMockRoute } from '@/testing/mock-api';
import { PLANS_FIXTURE, subscriptionFixture } from '@/testing/plans-fixture';
import { apiUser, jsonResponse } from '@/testing/render-app';
import { shiftFixture, storeFixture } from '@/testing/store-fixtures';

export const BUSINESS = { _id: '64b7f0c2a1b2c3d4e5f6b001', name: 'Ada Coffee' };
export const walkStores = {
  soho: storeFixture({ _id: '64b7f0c2a1b2c3d4e5f6c001', name: 'Soho' }),
  camden: storeFixture({ _id: '64b7f0c2a1b2c3d4e5f6c002', name: 'Camden' }),
  covent: storeFixture({ _id: '64b7f0c2a1b2c3d4e5f6c003', name: 'Covent Garden' }),
};
const ALL = Object.values(walkStores);
/** The top area and a district holding Soho and Camden (the area manager's). */
const TOP = { _id: '64b7f0c2a1b2c3d4e5f6d101', name: 'Ada Coffee', parent: null };
const AREAS = [TOP, { _id: '64b7f0c2a1b2c3d4e5f6d102', name: 'North London', parent: TOP._id }];

/** The members walked: the four roles, and a manager holding an area (two stores) rather than one store. */
export type TWalker = { name: string; role: TRole; stores: string[] | null };
export const WALKERS: TWalker[] = [
  { name: 'owner', role: 'owner', stores: null },
  { name: 'admin', role: 'admin', stores: null },
  { name: 'manager', role: 'manager', stores: [walkStores.soho._id] },
  { name: 'viewer', role: 'viewer', stores: [walkStores.soho._id] },
  { name: 'area manager', role: 'manager', stores: [walkStores.soho._id, walkStores.camden._id] },
];

export function walkerUser(w: TWalker): TUser {
  const id = w.role === 'owner' ? apiUser._id : `64b7f0c2a1b2c3d4e5f6a00${WALKERS.indexOf(w)}`;
  return {
    ...apiUser,
    _id: id,
    id,
    role: w.role,
    business: BUSINESS,
    businesses: [{ ...BUSINESS, role: w.role }],
    stores: w.stores,
  };
}

const STAFF_ID = '64b7f0c2a1b2c3d4e5f6e001';
function staffMember(storeId: string): TStaff {
  const store = ALL.find((s) => s._id === storeId) ?? walkStores.soho;
  return {
    _id: STAFF_ID,
    name: 'Olivia Bennett',
    photo: null,
    role: 'Barista',
    stores: [{ _id: store._id, name: store.name }],
    active: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  } as TStaff;
}

function rotaWeek(store: TStore): TRotaWeek {
  return {
    store: { _id: store._id, name: store.name, timeZone: store.timeZone },
    staff: [
      { _id: STAFF_ID, name: 'Olivia Bennett', photo: null, role: 'Barista', active: true, worksHere: true },
    ],
    weekStart: '2025-06-02',
    days: ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08'],
    shifts: [shiftFixture({ _id: '64b7f0c2a1b2c3d4e5f6f001', store: store._id, staff: STAFF_ID })],
  };
}

const rule: TRule = {
  _id: '64b7f0c2a1b2c3d4e5f60002',
  type: 'low-rating',
  enabled: true,
  stores: [],
  email: false,
  maxScore: 2,
  kinds: ['staff', 'experience'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const ok = (body: unknown) => () => jsonResponse(200, body);

/** The case the walk opens at /cases/:id (caseDetail(1)'s id). */
export const WALK_CASE_ID = caseFixture(1)._id;

/** Answers for every screen's reads, the stores narrowed to the member's (as the API does). */
export function walkRoutes(w: TWalker): Record<string, TMockRoute> {
  const mine = w.stores === null ? ALL : ALL.filter((s) => w.stores?.includes(s._id));
  return {
    'GET /api/v1/user/me': ok({ user: walkerUser(w) }),
    'GET /api/v1/store': ok({ stores: mine }),
    'GET /api/v1/notifications': ok({
      data: [],
      page: 1,
      limit: 20,
      total: 0,
      unread: 0,
      openAlerts: 0,
      hasMore: false,
    }),
    'GET /api/v1/analytics/snapshot': ok(snapshotFixture()),
    'GET /api/v1/analytics/store-rank': ok({
      period: periodFixture(),
      ranked: ALL.length,
      minSample: 10,
      stores: mine.map((s, i) => ({ store: { _id: s._id, name: s.name }, rank: i + 1, ratings: 20 })),
    }),
    'GET /api/v1/analytics/overview': ok(overviewFixture()),
    'GET /api/v1/analytics/staff-league': ok(staffLeagueFixture()),
    'GET /api/v1/analytics/store-league': ok(storeLeagueFixture()),
    'GET /api/v1/analytics/themes': ok(themesReportFixture()),
    'GET /api/v1/analytics/timeline': ok({
      period: periodFixture(),
      items: [timelineItem()],
      nextCursor: null,
    }),
    'GET /api/v1/areas': ok({ areas: AREAS }),
    'GET /api/v1/analytics/area-league': ok({
      period: periodFixture(),
      parent: { _id: TOP._id, name: TOP.name },
      path: [{ _id: TOP._id, name: TOP.name }],
      level: 1,
      minSample: 10,
      priorMean: 4.5,
      ranked: [],
      notRanked: [],
    }),
    'GET /api/v1/themes': ok({ themes: [themeEntry('queue', { count: 9 })] }),
    'GET /api/v1/ratings/flagged': ok({ ratings: [], total: 0, page: 1, pageSize: 50 }),
    'GET /api/v1/alerts/channel-options': ok({ channels: [] }),
    'GET /api/v1/alerts/channels': ok({ channels: [] }),
    'GET /api/v1/team/members': ok({ members: [], invitations: [] }),
    'GET /api/v1/audit': ok({ entries: [], nextCursor: null }),
    'GET /api/v1/integrations/api-keys': ok({ keys: [] }),
    'GET /api/v1/integrations/webhooks': ok({ webhooks: [], total: 0, page: 1, pageSize: 20 }),
    'GET /api/v1/staff': ok({ staff: [staffMember(mine[0]?._id ?? walkStores.soho._id)] }),
    'GET /api/v1/rota': ok(rotaWeek(mine[0] ?? walkStores.soho)),
    'GET /api/v1/rota/on-shift': ok({ at: '2025-06-02T12:00:00.000Z', stores: [] }),
    'GET /api/v1/notifications/rules': ok({ data: [rule] }),
    'GET /api/v1/notifications/settings': ok({
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
    }),
    'GET /api/v1/targets': ok({ targets: [], effective: [] }),
    'GET /api/v1/kiosks': ok({ kiosks: [] }),
    'GET /api/v1/analytics/settings': ok({ minSample: 10 }),
    'GET /api/v1/plans': ok({ plans: PLANS_FIXTURE }),
    'GET /api/v1/plans/subscription': ok(subscriptionFixture()),
    // Cases (#37): one open case at the member's first store, the numbers and the settings.
    'GET /api/v1/cases': ok({
      items: [
        caseFixture(1, {
          store: { _id: (mine[0] ?? walkStores.soho)._id, name: (mine[0] ?? walkStores.soho).name },
        }),
      ],
      nextCursor: null,
    }),
    'GET /api/v1/analytics/cases': ok(metricsFixture()),
    // The case view, with what the API says this role may do on it (and a staff dispute waiting for a ruling).
    [`GET /api/v1/cases/${WALK_CASE_ID}`]: ok(
      caseDetail(1, {
        store: { _id: (mine[0] ?? walkStores.soho)._id, name: (mine[0] ?? walkStores.soho).name },
        dispute: 'open',
        contact: can(w.role, 'cases:contact')
          ? { email: 'jo@example.com', phone: '+447700900123', masked: false, erased: false }
          : { email: 'j•••@e•••.com', phone: '+44 ••• 123', masked: true, erased: false },
        can: {
          update: can(w.role, 'cases:work'),
          close: can(w.role, 'cases:manage'),
          reply: can(w.role, 'cases:manage'),
          rule: can(w.role, 'cases:manage'),
        },
      }),
    ),
    'GET /api/v1/cases/settings': ok(DEFAULT_CASE_SETTINGS),
    // A chain still setting up: the Snapshot shows its checklist (and its Dismiss action) to whoever may set up.
    'GET /api/v1/onboarding': ok({
      firstRunPending: false,
      showChecklist: true,
      dismissed: false,
      businessName: BUSINESS.name,
      storesPlanned: 3,
      firstStoreId: walkStores.soho._id,
      items: SETUP_ITEMS.map((key, i) => ({ key, done: i < 2, count: i < 2 ? 1 : 0 })),
    } satisfies TOnboarding),
  };
}
