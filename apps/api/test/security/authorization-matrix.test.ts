// Generated authorization matrix: every contract route × role (also granted at an area) × (assigned, unassigned,
// another business's store).
// A route without a declared permission, or without a line in `SPECS` below, fails this suite.
import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { DEFAULT_CASE_SETTINGS, PERMISSIONS, can, type TRole, type TRouteAccess } from '@cx/contracts';
import { BoardModel } from '../../src/modules/boards/board.model';
import { CaseModel } from '../../src/modules/cases/case.model';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import { WebhookDeliveryModel, WebhookEndpointModel } from '../../src/modules/integrations/webhook.model';
import { KioskModel } from '../../src/modules/kiosks/kiosk.model';
import { RuleModel } from '../../src/modules/notifications/rule.model';
import { ScorecardShareModel } from '../../src/modules/scorecards/scorecard-share.model';
import { StaffModel } from '../../src/modules/staff/staff.model';
import { treeChanged } from '../../src/tenancy/area-tree';
import { insertArea, rootArea } from '../../src/tenancy/areas';
import { MembershipModel } from '../../src/tenancy/membership.model';
import {
  makeAreaMember,
  makeMember,
  makeRating,
  makeShift,
  makeStore,
  makeUser,
  type MadeUser,
} from '../factories';
import { setupTestDb } from '../helpers/db';
import { listeningApp } from '../helpers/listening';
import { callRoute, contractRoutes, type Aim } from './support';

setupTestDb();
// one server for the file's requests (thousands of them)
const app = listeningApp();

/** The four roles, and a manager and a viewer granted an area (their stores: every store under it). */
const ROLES = ['owner', 'admin', 'manager', 'viewer', 'areaManager', 'areaViewer'] as const;
type Role = (typeof ROLES)[number];
const baseRole = (role: Role): TRole =>
  role === 'areaManager' ? 'manager' : role === 'areaViewer' ? 'viewer' : role;
const TARGETS = ['assigned', 'unassigned', 'foreign'] as const;
type Target = (typeof TARGETS)[number];

interface World {
  business: string;
  /** The district the area-level members are granted; assigned stores are created in it. */
  district: string;
  members: Record<Role, MadeUser>;
  /** The owner of the other business (store C). */
  otherOwner: MadeUser;
}

type StoreDoc = Awaited<ReturnType<typeof makeStore>>;

interface Ctx {
  w: World;
  role: Role;
  caller: MadeUser;
  target: Target;
  store: StoreDoc;
  /** Id of the target store. */
  id: string;
}

/**
 * A business (owner, admin, a manager and a viewer of its assigned stores, a manager and a viewer of the district
 * holding them) and another business.
 */
async function world(): Promise<World> {
  const owner = await makeUser();
  const otherOwner = await makeUser();
  const district = await insertArea(owner.id, 'Matrix district', await rootArea(owner.id));
  const [admin, manager, viewer, areaManager, areaViewer] = [
    await makeMember(owner.id, 'admin'),
    await makeMember(owner.id, 'manager', []),
    await makeMember(owner.id, 'viewer', []),
    await makeAreaMember(owner.id, 'manager', [district._id]),
    await makeAreaMember(owner.id, 'viewer', [district._id]),
  ];
  return {
    business: owner.id,
    district: String(district._id),
    members: { owner, admin, manager, viewer, areaManager, areaViewer },
    otherOwner,
  };
}

/** A fresh store per call, so a delete or an edit by one call cannot change what the next one sees. */
async function targetStore(w: World, target: Target): Promise<StoreDoc> {
  if (target === 'foreign') return makeStore(w.otherOwner.id, { name: `Other ${new Types.ObjectId()}` });
  const store = await makeStore(w.business, target === 'assigned' ? { area: w.district } : {});
  if (target === 'assigned') {
    await MembershipModel.updateMany(
      { business: w.business, role: { $in: ['manager', 'viewer'] }, areas: { $size: 0 } },
      { $push: { stores: store._id } },
    );
    // Written behind the API's back (the factory): the tree changed like a POST /store/create would say.
    await treeChanged(w.business);
  }
  return store;
}

const staffAt = (c: Ctx) =>
  StaffModel.create({ business: c.store.business, name: `Matrix ${c.id.slice(-4)}`, stores: [c.store._id] });
async function shiftAt(c: Ctx) {
  const staff = await staffAt(c);
  return makeShift(
    c.store.business,
    c.store,
    staff,
    new Date('2025-06-03T09:00:00Z'),
    new Date('2025-06-03T12:00:00Z'),
  );
}
/** A rule of the caller (in the other business, its owner's) about the target store. */
const ruleAt = (c: Ctx, stores: Types.ObjectId[] = [c.store._id]) =>
  RuleModel.create({
    business: c.store.business,
    user: c.target === 'foreign' ? c.w.otherOwner.id : c.caller.id,
    type: 'low-rating',
    stores,
    params: { maxScore: 2, kinds: ['staff'] },
  });
/** A webhook endpoint of the target store's business (a documentation host: the matrix never delivers). */
async function webhookAt(c: Ctx): Promise<string> {
  const endpoint = await WebhookEndpointModel.create({
    business: c.store.business,
    url: 'https://hooks.example.com/matrix',
    events: ['rating.created'],
    secrets: [{ key: 'whsec_bWF0cml4bWF0cml4bWF0cml4bWF0cml4bWF0cml4bWE=' }],
  });
  return String(endpoint._id);
}
/** An empty area of the target store's business, under its top area. */
async function areaAt(c: Ctx): Promise<string> {
  const root = await rootArea(String(c.store.business));
  return String((await insertArea(c.store.business, `Matrix ${oid()}`, root))._id);
}
const week = '2025-06-02';
const oid = () => String(new Types.ObjectId());
let caseNumber = 0;
/** A case at the target store (about a fresh rating there). */
/** A case at the target store; `contact`: the customer asked to be contacted by email; `dispute`: the staff side is in. */
async function caseAt(c: Ctx, extra: { contact?: boolean; dispute?: 'open' } = {}): Promise<string> {
  const rating = await makeRating(c.store, { score: 1, comment: 'Matrix' });
  const contact = extra.contact
    ? await ContactRequestModel.create({
        business: c.store.business,
        store: c.store._id,
        rating: rating._id,
        email: 'matrix.customer@example.com',
        consentAt: new Date(),
      })
    : null;
  const doc = await CaseModel.create({
    contact: contact?._id ?? null,
    dispute: extra.dispute ?? 'none',
    business: c.store.business,
    store: c.store._id,
    number: ++caseNumber,
    rating: rating._id,
    reason: 'manual',
    summary: 'Matrix',
    dueAt: new Date(Date.now() + 3_600_000),
  });
  return String(doc._id);
}

interface Spec {
  /**
   * store: the target store is named (path, query, body or record): outside the caller's stores → 404;
   * business: only another business's record → 404 (the record is the caller's own, e.g. their alert rule);
   * none: no store is named.
   */
  scope: 'store' | 'business' | 'none';
  aim: (c: Ctx) => Promise<Aim> | Aim;
  /** No valid request can be built here (needs a real token, a live Stripe session…): only not 401/403, no 5xx. */
  loose?: boolean;
}

const CHIPS = { good: ['Warm welcome'], bad: ['Too loud'] };
const store = (aim: Spec['aim']): Spec => ({ scope: 'store', aim });
const none = (aim: Spec['aim'] = () => ({})): Spec => ({ scope: 'none', aim });
const business = (aim: Spec['aim']): Spec => ({ scope: 'business', aim });
const loose = (aim: Spec['aim'] = () => ({})): Spec => ({ scope: 'none', aim, loose: true });
const byId = (c: Ctx) => ({ params: { id: c.id } });
const analytics = store((c) => ({ query: { stores: c.id } }));

/** Every authenticated route: how to aim it at the target store. */
const SPECS: Record<string, Spec> = {
  'analytics.snapshot': analytics,
  'analytics.overview': analytics,
  'analytics.staffLeague': analytics,
  'analytics.storeLeague': analytics,
  // the target store and its business's top area (the business's id): the store decides, the area only narrows
  'analytics.areaLeague': store((c) => ({ query: { stores: c.id, areas: String(c.store.business) } })),
  'analytics.timeline': analytics,
  'analytics.exportCsv': store((c) => ({ params: { table: 'timeline' }, query: { stores: c.id } })),
  'analytics.themes': analytics,
  'analytics.storeRank': none(() => ({ query: { period: 'last7' } })),
  'analytics.getSettings': none(),
  'analytics.updateSettings': none(() => ({ body: { minSample: 3 } })),

  'ratingReview.listFlagged': store((c) => ({ query: { store: c.id, status: 'all' } })),
  'ratingReview.restore': store(async (c) => {
    const rating = await makeRating(c.store, { flag: { suspicious: true, reasons: ['burst'] } });
    return { params: { id: String(rating._id) }, body: { note: 'checked' } };
  }),

  'stores.list': none(() => ({ query: {} })),
  'stores.get': store(byId),
  'stores.create': none(() => ({ body: { name: 'New Branch', timeZone: 'UTC' } })),
  'stores.update': store((c) => ({ ...byId(c), body: { name: 'Renamed Branch' } })),
  'stores.remove': store(byId),
  'stores.uploadImage': store((c) => ({ ...byId(c), file: 'image' })),
  'stores.removeImage': store(byId),
  'stores.getInterfaces': store(byId),
  'stores.updateInterfaces': store((c) => ({ ...byId(c), body: { interface1: { status: false } } })),
  'stores.qrPng': store(byId),
  'stores.qrSvg': store(byId),
  'stores.poster': store(byId),
  'stores.import': none(() => ({
    body: { dryRun: 'false' },
    upload: {
      field: 'file',
      content: `code,name,area\nM-${oid()},Matrix Import,Matrix > Area\n`,
      filename: 'm.csv',
    },
  })),
  'storeBulk.interfaces': store((c) => ({
    body: { stores: [c.id], interfaces: { interface1: { status: false } } },
  })),
  'storeBulk.openingHours': store((c) => ({
    body: { stores: [c.id], openingHours: [{ day: 1, open: '08:00', close: '18:00', closed: false }] },
  })),

  'staff.list': store((c) => ({ query: { store: c.id } })),
  'staff.get': store(async (c) => ({ params: { id: String((await staffAt(c))._id) } })),
  'staff.create': store((c) => ({ body: { name: 'New Person', stores: [c.id] } })),
  'staff.update': store(async (c) => ({
    params: { id: String((await staffAt(c))._id) },
    body: { name: 'Renamed Person', stores: [c.id] },
  })),
  'staff.remove': store(async (c) => ({ params: { id: String((await staffAt(c))._id) } })),
  'staff.uploadPhoto': store(async (c) => ({
    params: { id: String((await staffAt(c))._id) },
    file: 'image',
  })),
  'staff.removePhoto': store(async (c) => ({ params: { id: String((await staffAt(c))._id) } })),

  'rota.week': store((c) => ({ query: { store: c.id, week } })),
  'rota.createShift': store(async (c) => ({
    body: { store: c.id, staff: String((await staffAt(c))._id), date: week, start: '18:00', end: '20:00' },
  })),
  'rota.updateShift': store(async (c) => ({
    params: { id: String((await shiftAt(c))._id) },
    body: { start: '08:00' },
  })),
  'rota.deleteShift': store(async (c) => ({ params: { id: String((await shiftAt(c))._id) } })),
  'rota.copyWeek': store(async (c) => {
    await shiftAt(c);
    return { body: { store: c.id, week: '2025-06-09' } };
  }),
  'rota.importShifts': store(async (c) => {
    const member = await staffAt(c);
    return {
      body: { store: c.id, dryRun: 'false' },
      upload: {
        field: 'file',
        content: `Employee,Date,Start,End\n${member.name},2025-06-10,06:00,07:00\n`,
        filename: 'rota.csv',
      },
    };
  }),
  'rota.onShift': store((c) => ({ query: { store: c.id, at: '2025-06-03T10:00:00Z' } })),

  'users.getProfile': none(),
  'users.updateProfile': none(() => ({ body: { fullname: 'Renamed Person' }, file: 'profilePicture' })),
  'users.selectStore': store((c) => ({ body: { storeId: c.id } })),
  'users.selectBusiness': none((c) => ({ body: { businessId: c.w.business } })),
  'users.me': none(),

  'plans.createCheckoutSession': loose(() => ({
    body: { plan: 'basic-monthly', idempotencyKey: `matrix-${oid()}` },
  })),
  'plans.confirmCheckout': loose(() => ({ body: { sessionId: 'cs_test_matrix' } })),
  'plans.createPortalSession': loose(),
  'plans.mySubscription': none(),
  'plans.invoices': none(),

  'notifications.list': none(() => ({ query: {} })),
  'notifications.markRead': none(),
  'notifications.listRules': none(),
  'notifications.createRule': store((c) => ({
    body: { type: 'low-rating', maxScore: 2, kinds: ['staff'], stores: [c.id] },
  })),
  'notifications.updateRule': store(async (c) => ({
    params: { id: String((await ruleAt(c, []))._id) },
    body: { type: 'low-rating', maxScore: 1, kinds: ['staff'], stores: [c.id] },
  })),
  'notifications.deleteRule': {
    scope: 'business',
    aim: async (c) => ({ params: { id: String((await ruleAt(c, []))._id) } }),
  },
  'notifications.getSettings': none(),
  'notifications.updateSettings': none(() => ({
    body: { quietHours: { enabled: true, start: '22:00', end: '07:00' } },
  })),

  'team.members': none(),
  'team.invite': store((c) => ({
    body: { email: `invitee-${oid()}@example.com`, role: 'viewer', stores: [c.id] },
  })),
  'team.resendInvitation': loose(() => ({ params: { id: oid() } })),
  'team.revokeInvitation': loose(() => ({ params: { id: oid() } })),
  'team.acceptInvitation': loose(() => ({ body: { token: 'x'.repeat(43) } })),
  'team.updateMember': store(async (c) => {
    const member = await makeMember(c.store.business, 'viewer', [c.store._id]);
    return { params: { userId: member.id }, body: { role: 'viewer', stores: [c.id] } };
  }),
  'team.memberLinks': store(async (c) => {
    const member = await makeMember(c.store.business, 'viewer', [c.store._id]);
    return { params: { userId: member.id }, query: { role: 'viewer', stores: c.id } };
  }),
  'team.removeMember': store(async (c) => {
    const member = await makeMember(c.store.business, 'viewer', [c.store._id]);
    return { params: { userId: member.id } };
  }),
  'team.transferOwnership': loose(() => ({ body: {} })),

  'kiosks.enrol': store((c) => ({ ...byId(c), body: { label: 'Matrix' } })),
  'kiosks.list': none(),
  'kiosks.revoke': store(async (c) => {
    const kiosk = await KioskModel.create({
      business: c.store.business,
      store: c.store._id,
      credentialHash: randomBytes(32).toString('hex'),
      createdBy: new Types.ObjectId(),
      createdAt: new Date(),
    });
    return { params: { id: String(kiosk._id) } };
  }),

  'audit.list': none(() => ({ query: {} })),
  'audit.exportCsv': none(() => ({ query: {} })),

  'integrations.createApiKey': store((c) => ({
    body: { name: 'Matrix', scopes: ['ratings:read'], stores: [c.id] },
  })),
  'integrations.listApiKeys': none(),
  'integrations.revokeApiKey': loose(() => ({ params: { id: oid() } })),

  'boards.create': store((c) => ({ body: { store: c.id } })),
  'boards.list': none(),
  'boards.createPairing': store((c) => ({ body: { store: c.id } })),
  'boards.remove': store(async (c) => {
    const board = await BoardModel.create({
      business: c.store.business,
      store: c.store._id,
      tokenHash: randomBytes(32).toString('hex'),
    });
    return { params: { id: String(board._id) } };
  }),
  'scorecards.get': store(async (c) => ({ params: { staffId: String((await staffAt(c))._id) } })),
  'scorecards.pdf': store(async (c) => ({ params: { staffId: String((await staffAt(c))._id) } })),
  'scorecards.createShare': store(async (c) => ({
    params: { staffId: String((await staffAt(c))._id) },
    body: { period: 'last7' },
  })),
  'scorecards.listShares': store(async (c) => ({ params: { staffId: String((await staffAt(c))._id) } })),
  'scorecards.revokeShare': store(async (c) => {
    const share = await ScorecardShareModel.create({
      business: c.store.business,
      staff: (await staffAt(c))._id,
      tokenHash: randomBytes(32).toString('hex'),
      stores: [c.store._id],
      period: { period: 'last30' },
    });
    return { params: { id: String(share._id) } };
  }),
  'themes.listThemes': none(),
  'themes.updateTheme': none(() => ({ params: { key: 'Friendly' }, body: { name: `Warm ${oid()}` } })),
  'themes.updateShoutOut': store(async (c) => {
    const rating = await makeRating(c.store, {
      comment: 'Lovely',
      shoutOut: { staff: (await staffAt(c))._id, hidden: false },
    });
    return { params: { ratingId: String(rating._id) }, body: { hidden: true } };
  }),
  'reports.getPreferences': none(),
  'reports.updatePreferences': none(() => ({ body: { weekly: true } })),
  'reports.sendNow': none(() => ({ body: { period: 'daily' } })),
  'integrations.createWebhook': none(() => ({
    body: { url: 'https://hooks.example.com/matrix', events: ['rating.created'] },
  })),
  'integrations.listWebhooks': none(),
  'integrations.updateWebhook': business(async (c) => ({
    params: { id: await webhookAt(c) },
    body: { enabled: false },
  })),
  'integrations.deleteWebhook': business(async (c) => ({ params: { id: await webhookAt(c) } })),
  'integrations.rotateWebhookSecret': business(async (c) => ({ params: { id: await webhookAt(c) } })),
  'integrations.listWebhookDeliveries': business(async (c) => ({
    params: { id: await webhookAt(c) },
    query: {},
  })),
  'integrations.redeliverWebhook': business(async (c) => {
    const id = await webhookAt(c);
    const delivery = await WebhookDeliveryModel.create({
      business: c.store.business,
      endpoint: id,
      eventId: `matrix:${oid()}`,
      messageId: 'msg_matrix',
      type: 'rating.created',
      payload: '{}',
      status: 'failed',
    });
    return { params: { id, deliveryId: String(delivery._id) } };
  }),
  'integrations.testWebhook': business(async (c) => ({ params: { id: await webhookAt(c) } })),
  'alerts.listChannels': none(),
  'alerts.channelOptions': none(),
  'alerts.createChannel': none(() => ({
    body: { kind: 'email', name: 'Matrix', emails: ['matrix@example.com'] },
  })),
  'alerts.deleteChannel': loose(() => ({ params: { id: oid() } })),
  'alerts.testChannel': loose(() => ({ params: { id: oid() } })),
  'alerts.acknowledge': loose(() => ({ params: { id: oid() } })),
  'areas.list': none(),
  'areas.create': none(() => ({ body: { name: `Region ${oid()}` } })),
  'areas.update': business(async (c) => ({
    params: { id: await areaAt(c) },
    body: { name: `Renamed ${oid()}` },
  })),
  'areas.remove': business(async (c) => ({ params: { id: await areaAt(c) } })),
  'brand.get': none(),
  'brand.update': none(() => ({ body: { color: '#123456' } })),
  'brand.uploadLogo': none(() => ({ file: 'logo' })),
  'brand.removeLogo': none(),
  'brand.posters': store((c) => ({ query: { stores: c.id } })),
  'onboarding.get': none(),
  'onboarding.firstRun': none(() => ({ body: { businessName: `Matrix ${oid()}`, storesPlanned: 2 } })),
  'onboarding.dismiss': none(() => ({ body: { dismissed: true } })),
  'feedbackChips.get': none(),
  'feedbackChips.put': none(() => ({ body: { staff: CHIPS, experience: CHIPS } })),
  'feedbackChips.reset': none(),
  'privacy.exportSubject': none(() => ({ body: { email: 'subject@example.com' } })),
  'privacy.eraseSubject': none(() => ({ body: { phone: '+44 7700 900123' } })),
  'targets.list': store((c) => ({ query: { node: c.id } })),
  'targets.set': store((c) => ({ body: { metric: 'average', node: c.id, value: 4.2 } })),
  'cases.getSettings': none(),
  'cases.putSettings': none(() => ({ body: DEFAULT_CASE_SETTINGS })),
  'cases.list': store((c) => ({ query: { store: c.id } })),
  'cases.get': store(async (c) => ({ params: { id: await caseAt(c) } })),
  'cases.open': store(async (c) => ({
    body: { rating: String((await makeRating(c.store, { score: 2 }))._id) },
  })),
  'cases.update': store(async (c) => ({ params: { id: await caseAt(c) }, body: { status: 'in_progress' } })),
  'cases.addNote': store(async (c) => ({ params: { id: await caseAt(c) }, body: { text: 'Matrix note' } })),
  'cases.metrics': analytics,
  'caseLoop.reply': store(async (c) => ({
    params: { id: await caseAt(c, { contact: true }) },
    body: { text: 'Matrix reply' },
  })),
  'caseLoop.rule': store(async (c) => ({
    params: { id: await caseAt(c, { dispute: 'open' }) },
    body: { ruling: 'fair' },
  })),
};

const routes = contractRoutes();
const guarded = routes.filter((r) => !r.isPublic);

/** What the matrix expects: an exact status, "a success", or (loose) "not refused by the guard". */
function expected(
  decl: TRouteAccess,
  spec: Spec,
  role: Role,
  target: Target,
): number | 'success' | 'allowed' {
  if ('public' in decl) throw new Error('public route in the matrix');
  if (decl.scope !== 'account' && !can(baseRole(role), decl.permission)) return 403;
  const scoped = baseRole(role) === 'manager' || baseRole(role) === 'viewer';
  const outside =
    (spec.scope === 'store' && (target === 'foreign' || (target === 'unassigned' && scoped))) ||
    (spec.scope === 'business' && target === 'foreign');
  if (outside) return 404;
  return spec.loose ? 'allowed' : 'success';
}

describe('authorization matrix', () => {
  it('every route declares its access (public, account, business or store) and has a line in the matrix', () => {
    const undeclared = routes.filter((r) => {
      const m = r.route.metadata as
        { public?: unknown; scope?: unknown; permission?: unknown; store?: unknown } | undefined;
      if (!m) return true;
      if ('public' in m) return m.public !== true;
      if (m.scope === 'account') return m.permission !== 'account';
      const known = typeof m.permission === 'string' && m.permission in PERMISSIONS;
      const scoped = m.scope === 'business' || (m.scope === 'store' && typeof m.store === 'string');
      return !known || !scoped;
    });
    expect(undeclared.map((r) => r.key)).toEqual([]);
    expect(guarded.map((r) => r.key).filter((k) => !SPECS[k])).toEqual([]);
    expect(Object.keys(SPECS).filter((k) => !guarded.some((r) => r.key === k))).toEqual([]);
  });

  it.each(guarded.map((r) => [r.key, r] as const))('%s', async (_key, r) => {
    const spec = SPECS[r.key];
    if (!spec) throw new Error(`${r.key} has no line in the matrix`);
    const decl = r.route.metadata as TRouteAccess;
    const w = await world();
    const targets: readonly Target[] = spec.scope === 'none' ? ['assigned'] : TARGETS;
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const target of targets) {
        const s = await targetStore(w, target);
        const caller = w.members[role];
        const aim = await spec.aim({ w, role, caller, target, store: s, id: String(s._id) });
        const res = await callRoute(app, r.route, aim, caller.token);
        const want = expected(decl, spec, role, target);
        const ok =
          want === 'success'
            ? res.status >= 200 && res.status < 300
            : want === 'allowed'
              ? ![401, 403].includes(res.status) && res.status < 500
              : res.status === want;
        if (!ok) {
          const body = JSON.stringify(res.body ?? {}).slice(0, 160);
          wrong.push(`${role} @ ${target}: expected ${want}, got ${res.status} ${body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
