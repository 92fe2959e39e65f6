// The isolation matrix: for every authenticated route of the contract, how business B aims at business A's records.
// A new authenticated route without a line here fails test/security/isolation.test.ts.
import type { Aim } from './support';
import type { Intruder, Victim } from './tenants';

export type Expectation =
  /** B names A's record: the answer is 404 and nothing of A changes. */
  | 'notFound'
  /** The route only ever acts on the caller's own records: B may succeed, but sees and changes nothing of A's. */
  | 'ownOnly'
  /** B asks to enter A's business: refused (403 not a member, or 404), nothing of A seen or changed. */
  | 'refused';

export interface MatrixEntry {
  expect: Expectation;
  /** One or more requests; each must hold the expectation. */
  aims: (a: Victim, b: Intruder) => Aim[];
}

const foreign = (aims: MatrixEntry['aims']): MatrixEntry => ({ expect: 'notFound', aims });
const own = (aims: MatrixEntry['aims']): MatrixEntry => ({ expect: 'ownOnly', aims });
const refused = (aims: MatrixEntry['aims']): MatrixEntry => ({ expect: 'refused', aims });
const someId = () => '64b7f0c2a1b2c3d4e5f60718';
const storeId = (a: Victim) => ({ id: a.store });
const staffId = (a: Victim) => ({ id: a.staff });
const shiftId = (a: Victim) => ({ id: a.shift });
const week = '2025-06-02';
/** A's store, A's staff member, or A's top area (its id is A's business id, the founder's user id here) as a filter. */
const dashboardAims = (a: Victim) => [
  { query: { stores: a.store } },
  { query: { staff: a.staff } },
  { query: { areas: a.userId } },
];

const caseId = (a: Victim) => ({ id: a.case });

export const isolationMatrix: Record<string, MatrixEntry> = {
  'cases.getSettings': own(() => [{}]),
  'cases.putSettings': own(() => [
    {
      body: {
        slaHours: { urgent: 1, high: 2, normal: 3, low: 4 },
        autoOpen: { lowWithComment: false, contactRequest: true },
        assignment: 'round_robin',
        retentionDays: 7,
      },
    },
  ]),
  'cases.list': foreign((a) => [{ query: { store: a.store } }, { query: { area: a.userId } }]),
  'cases.get': foreign((a) => [{ params: caseId(a) }]),
  'cases.open': foreign((a) => [{ body: { rating: a.rating } }, { body: { rating: a.flaggedRating } }]),
  'cases.update': foreign((a) => [
    { params: caseId(a), body: { status: 'closed' } },
    { params: caseId(a), body: { status: 'resolved', rootCause: 'other', action: 'Hijacked' } },
  ]),
  'cases.addNote': foreign((a) => [{ params: caseId(a), body: { text: 'planted note' } }]),
  'cases.metrics': foreign((a) => [{ query: { stores: a.store } }, { query: { areas: a.userId } }]),

  'ratingReview.listFlagged': own((a) => [{ query: {} }, { query: { store: a.store, status: 'all' } }]),
  'ratingReview.restore': foreign((a) => [
    { params: { id: a.flaggedRating }, body: { note: 'mine now' } },
    { params: { id: a.rating }, body: { note: 'mine now' } },
  ]),

  'stores.list': own(() => [{ query: {} }, { query: { q: 'Victim' } }]),
  'stores.get': foreign((a) => [{ params: storeId(a) }]),
  'stores.create': own(() => [{ body: { name: 'Intruder Branch', timeZone: 'UTC' } }]),
  'stores.update': foreign((a) => [{ params: storeId(a), body: { name: 'Hijacked' } }]),
  'stores.remove': foreign((a) => [{ params: storeId(a) }]),
  'stores.uploadImage': foreign((a) => [{ params: storeId(a), file: 'image' }]),
  'stores.removeImage': foreign((a) => [{ params: storeId(a) }]),
  'stores.getInterfaces': foreign((a) => [{ params: storeId(a) }]),
  'stores.updateInterfaces': foreign((a) => [
    { params: storeId(a), body: { interface1: { status: false } } },
  ]),
  'stores.qrPng': foreign((a) => [{ params: storeId(a) }]),
  'stores.qrSvg': foreign((a) => [{ params: storeId(a) }]),
  'stores.poster': foreign((a) => [{ params: storeId(a) }]),
  // A's store code and area names in B's file: B gets stores and areas of its own, A's are untouched.
  'stores.import': own(() =>
    ['true', 'false'].map((dryRun) => ({
      body: { dryRun },
      upload: { field: 'file', content: 'code,name,area\nVICTIM-1,Hijacked,Planted\n', filename: 'b.csv' },
    })),
  ),

  'staff.list': own((a) => [{ query: {} }, { query: { store: a.store } }]),
  'staff.get': foreign((a) => [{ params: staffId(a) }]),
  'staff.create': foreign((a, b) => [
    { body: { name: 'Planted', stores: [a.store] } },
    { body: { name: 'Planted', stores: [b.store, a.store] } },
  ]),
  'staff.update': foreign((a, b) => [
    { params: staffId(a), body: { name: 'Hijacked', active: false } },
    { params: { id: b.staff }, body: { stores: [a.store] } },
  ]),
  'staff.remove': foreign((a) => [{ params: staffId(a) }]),
  'staff.uploadPhoto': foreign((a) => [{ params: staffId(a), file: 'image' }]),
  'staff.removePhoto': foreign((a) => [{ params: staffId(a) }]),

  'rota.week': foreign((a) => [{ query: { store: a.store, week } }]),
  'rota.createShift': foreign((a, b) => [
    { body: { store: a.store, staff: a.staff, date: week, start: '18:00', end: '20:00' } },
    { body: { store: b.store, staff: a.staff, date: week, start: '18:00', end: '20:00' } },
    { body: { store: a.store, staff: b.staff, date: week, start: '18:00', end: '20:00' } },
  ]),
  'rota.updateShift': foreign((a) => [{ params: shiftId(a), body: { start: '07:00' } }]),
  'rota.deleteShift': foreign((a) => [{ params: shiftId(a) }]),
  'rota.copyWeek': foreign((a) => [{ body: { store: a.store, week: '2025-06-09' } }]),
  // B's file aimed at A's store: 404 for the preview and the confirm, no shift of A's written.
  'rota.importShifts': foreign((a) =>
    ['true', 'false'].map((dryRun) => ({
      body: { store: a.store, dryRun },
      upload: {
        field: 'file',
        content: 'Employee,Date,Start,End\nVictim Staff,2025-06-02,09:00,17:00\n',
        filename: 'b.csv',
      },
    })),
  ),
  'rota.onShift': own((a) => [
    { query: { at: '2025-06-02T09:00:00Z' } },
    { query: { store: a.store, at: '2025-06-02T09:00:00Z' } },
  ]),

  'analytics.snapshot': foreign(dashboardAims),
  'analytics.overview': foreign(dashboardAims),
  'analytics.staffLeague': foreign(dashboardAims),
  'analytics.storeLeague': foreign(dashboardAims),
  // A's top area has A's business id (the founder's user id here): as the filter and as the node to rank under
  // Takes no store, area or staff: an intruder reads their own chain's ranks only.
  'analytics.storeRank': own(() => [{ query: { period: 'last7' } }]),
  'analytics.areaLeague': foreign((a) => [...dashboardAims(a), { query: { parent: a.userId } }]),
  'analytics.timeline': foreign(dashboardAims),
  'analytics.exportCsv': foreign((a) => [
    { params: { table: 'timeline' }, query: { stores: a.store } },
    { params: { table: 'staff' }, query: { staff: a.staff } },
    { params: { table: 'stores' }, query: { areas: a.userId } },
  ]),
  'analytics.themes': foreign(dashboardAims),
  'analytics.getSettings': own(() => [{}]),
  'analytics.updateSettings': own(() => [{ body: { minSample: 3 } }]),

  'plans.createCheckoutSession': own(() => [
    { body: { plan: 'basic-monthly', idempotencyKey: 'intruder-click-1' } },
  ]),
  'plans.confirmCheckout': own(() => [{ body: { sessionId: 'cs_test_not_yours' } }]),
  'plans.createPortalSession': own(() => [{}]),
  'plans.mySubscription': own(() => [{}]),
  'plans.invoices': own(() => [{}]),

  'notifications.list': own(() => [{ query: {} }]),
  'notifications.markRead': own(() => [{}]),
  'notifications.listRules': own(() => [{}]),
  'notifications.createRule': foreign((a) => [
    { body: { type: 'low-rating', maxScore: 2, kinds: ['staff'], stores: [a.store] } },
  ]),
  'notifications.updateRule': foreign((a) => [
    { params: { id: a.rule }, body: { type: 'low-rating', maxScore: 1, kinds: ['staff'] } },
  ]),
  'notifications.deleteRule': foreign((a) => [{ params: { id: a.rule } }]),
  'notifications.getSettings': own(() => [{}]),
  'notifications.updateSettings': own(() => [
    { body: { quietHours: { enabled: true, start: '22:00', end: '07:00' } } },
  ]),

  'users.getProfile': own(() => [{}]),
  'users.updateProfile': own(() => [{ body: { fullname: 'Ivan Renamed' }, file: 'profilePicture' }]),
  'users.selectStore': foreign((a) => [{ body: { storeId: a.store } }]),
  'users.me': own(() => [{}]),
  'users.selectBusiness': refused((a) => [{ body: { businessId: a.userId } }]),

  'team.members': own(() => [{}]),
  'team.invite': foreign((a) => [
    { body: { email: 'planted@example.com', role: 'viewer', stores: [a.store] } },
  ]),
  'team.resendInvitation': foreign(() => [{ params: { id: someId() } }]),
  'team.revokeInvitation': foreign(() => [{ params: { id: someId() } }]),
  'team.acceptInvitation': own(() => [{ body: { token: 'x'.repeat(43) } }]),
  'team.updateMember': foreign((a) => [{ params: { userId: a.userId }, body: { role: 'viewer' } }]),
  'team.memberLinks': foreign((a) => [{ params: { userId: a.userId } }]),
  'team.removeMember': foreign((a) => [{ params: { userId: a.userId } }]),
  'team.transferOwnership': foreign((a) => [{ body: { userId: a.userId, password: 'Passw0rd!' } }]),

  'kiosks.enrol': foreign((a) => [{ params: storeId(a), body: { label: 'Planted' } }]),
  'kiosks.list': own(() => [{}]),
  'kiosks.revoke': foreign(() => [{ params: { id: someId() } }]),

  'audit.list': own(() => [{ query: {} }]),
  'audit.exportCsv': own(() => [{ query: {} }]),

  'integrations.createApiKey': foreign((a) => [
    { body: { name: 'Planted', scopes: ['ratings:read'], stores: [a.store] } },
  ]),
  'integrations.listApiKeys': own(() => [{}]),
  'integrations.revokeApiKey': foreign(() => [{ params: { id: someId() } }]),

  'boards.create': foreign((a) => [{ body: { store: a.store } }]),
  'boards.list': own(() => [{}]),
  'boards.remove': foreign((a) => [{ params: { id: a.board } }, { params: { id: someId() } }]),
  'boards.createPairing': foreign((a) => [{ body: { store: a.store } }]),
  'scorecards.get': foreign((a) => [{ params: { staffId: a.staff }, query: {} }]),
  'scorecards.pdf': foreign((a) => [{ params: { staffId: a.staff }, query: { period: 'last7' } }]),
  'scorecards.createShare': foreign((a) => [{ params: { staffId: a.staff }, body: { period: 'last30' } }]),
  'scorecards.listShares': foreign((a) => [{ params: { staffId: a.staff } }]),
  'scorecards.revokeShare': foreign((a) => [{ params: { id: a.scorecardShare } }]),
  'themes.listThemes': own(() => [{}]),
  // B's own vocabulary only: A's discovered phrase is not a theme of B's (404), a tag is B's own setting
  'themes.updateTheme': own(() => [
    { params: { key: 'Friendly' }, body: { name: 'Planted name', hidden: true } },
  ]),
  'themes.updateShoutOut': foreign((a) => [{ params: { ratingId: a.rating }, body: { hidden: true } }]),
  'reports.getPreferences': own(() => [{}]),
  'reports.updatePreferences': own(() => [{ body: { weekly: true, daily: true } }]),
  'reports.sendNow': own(() => [{ body: { period: 'weekly' } }]),
  'integrations.createWebhook': own(() => [
    { body: { url: 'https://intruder-hooks.example.com/x', events: ['rating.created'] } },
  ]),
  'integrations.listWebhooks': own(() => [{}]),
  'integrations.updateWebhook': foreign((a) => [{ params: { id: a.webhook }, body: { enabled: false } }]),
  'integrations.deleteWebhook': foreign((a) => [{ params: { id: a.webhook } }]),
  'integrations.rotateWebhookSecret': foreign((a) => [{ params: { id: a.webhook } }]),
  'integrations.listWebhookDeliveries': foreign((a) => [{ params: { id: a.webhook }, query: {} }]),
  'integrations.redeliverWebhook': foreign((a) => [
    { params: { id: a.webhook, deliveryId: a.webhookDelivery } },
  ]),
  'integrations.testWebhook': foreign((a) => [{ params: { id: a.webhook } }]),
  'alerts.listChannels': own(() => [{}]),
  'alerts.channelOptions': own(() => [{}]),
  'alerts.createChannel': own(() => [
    { body: { kind: 'email', name: 'Planted', emails: ['b@example.com'] } },
  ]),
  'alerts.deleteChannel': foreign(() => [{ params: { id: someId() } }]),
  'alerts.testChannel': foreign(() => [{ params: { id: someId() } }]),
  'alerts.acknowledge': foreign(() => [{ params: { id: someId() } }]),
  // A's top area has A's business id (the founder's user id here), listed before it is first written.
  'areas.list': own(() => [{}]),
  'areas.create': foreign((a) => [{ body: { name: 'Planted', parent: a.userId } }]),
  'areas.update': foreign((a) => [{ params: { id: a.userId }, body: { name: 'Hijacked' } }]),
  'areas.remove': foreign((a) => [{ params: { id: a.userId } }]),
  'brand.get': own(() => [{}]),
  'brand.update': own(() => [{ body: { color: '#123456' } }]),
  'brand.uploadLogo': own(() => [{ file: 'logo' }]),
  'brand.removeLogo': own(() => [{}]),
  'brand.posters': foreign((a) => [{ query: { stores: a.store } }, { query: { areas: a.userId } }]),
  // The caller's own current business only: B renaming or dismissing acts on B's business, never A's.
  'onboarding.get': own(() => [{}]),
  'onboarding.firstRun': own(() => [
    { body: { businessName: 'Planted', storesPlanned: 2, createStores: true } },
  ]),
  'onboarding.dismiss': own(() => [{ body: { dismissed: true } }]),
  'feedbackChips.get': own(() => [{}]),
  'feedbackChips.put': own(() => [
    { body: { staff: { good: ['Warm'], bad: ['Cold'] }, experience: { good: ['Cosy'], bad: ['Loud'] } } },
  ]),
  'feedbackChips.reset': own(() => [{}]),
  'privacy.exportSubject': own(() => [{ body: { email: 'subject@example.com' } }]),
  'privacy.eraseSubject': own(() => [{ body: { email: 'subject@example.com' } }]),
  'targets.list': foreign((a) => [{ query: { node: a.store } }, { query: { node: a.userId } }]),
  // A's store among B's own: the whole request is refused and neither store changes.
  'storeBulk.interfaces': foreign((a) => [
    { body: { stores: [a.store], interfaces: { interface1: { status: false } } } },
  ]),
  'storeBulk.openingHours': foreign((a) => [
    { body: { stores: [a.store], openingHours: [{ day: 1, open: '08:00', close: '18:00', closed: false }] } },
  ]),
  // Replying to A's customer or ruling on A's dispute: 404, no mail, the dispute still open.
  'caseLoop.reply': foreign((a) => [{ params: { id: a.case }, body: { text: 'Planted reply' } }]),
  'caseLoop.rule': foreign((a) => [{ params: { id: a.case }, body: { ruling: 'unfair' } }]),
  'targets.set': foreign((a) => [
    { body: { metric: 'average', node: a.store, value: 4 } },
    { body: { metric: 'happy', node: a.userId, value: null } },
  ]),
};
