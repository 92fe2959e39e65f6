// The paywall is the API's: generated from the contract, every business route of an expired or canceled business answers
// 402 with the spec's message, except billing and account routes; customer submits are still accepted and counted.
import { Types } from 'mongoose';
import { USER_MESSAGES, type TRouteAccess } from '@cx/contracts';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { BusinessModel } from '../../src/tenancy/business.model';
import { makeMember, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { listeningApp } from '../helpers/listening';
import { makeShop, postFrom, submitBody } from '../feedback/support';
import { callRoute, contractRoutes, type Aim } from './support';

setupTestDb();
// one server for the file's requests (thousands of them)
const app = listeningApp();
const DAY = 24 * 60 * 60 * 1000;

const routes = contractRoutes().filter((r) => !r.isPublic);
const accessOf = (metadata: unknown) => metadata as Exclude<TRouteAccess, { public: true }>;
/** The routes a business without a plan keeps: its account and its billing (so the owner can pay, or sign out). */
const isExempt = (metadata: unknown) => {
  const access = accessOf(metadata);
  return access.scope === 'account' || access.permission.startsWith('billing:');
};
const paywalled = routes.filter((r) => !isExempt(r.route.metadata));
const exempt = routes.filter((r) => isExempt(r.route.metadata));

/** Path values that reach the guard (a store id of the caller's business where the route names one). */
function aimAt(path: string, storeId: string): Aim {
  const params: Record<string, string> = {};
  for (const [, name] of path.matchAll(/:(\w+)/g)) {
    params[name!] = name === 'table' ? 'timeline' : name === 'id' || name === 'storeId' ? storeId : oid();
  }
  return { params, query: {}, body: {} };
}
const oid = () => String(new Types.ObjectId());

/** Exempt routes called so they can succeed: what matters is that none answers 402. */
const EXEMPT_AIMS: Record<string, (owner: MadeUser) => Aim> = {
  'users.updateProfile': () => ({ body: { fullname: 'Still Here' } }),
  'users.selectBusiness': (owner) => ({ body: { businessId: owner.id } }),
  'plans.createCheckoutSession': () => ({ body: { plan: 'basic-monthly', idempotencyKey: `pw-${oid()}` } }),
  'plans.confirmCheckout': () => ({ body: { sessionId: 'cs_test_paywall' } }),
  'team.acceptInvitation': () => ({ body: { token: 'not-a-real-invitation' } }),
};

async function businessWith(fields: Record<string, unknown>) {
  const owner = await makeUser(fields);
  const store = await makeStore(owner.id);
  return { owner, storeId: String(store._id) };
}

const expiredTrial = { subscriptionStatus: 'trialing', trialEndsAt: new Date(Date.now() - DAY) };

describe('paywall: a business without a plan on every business route', () => {
  it('covers the business routes of the contract', () => {
    expect(paywalled.length).toBeGreaterThan(40);
    expect(paywalled.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'analytics.snapshot',
        'stores.list',
        'team.members',
        'audit.list',
        'notifications.list',
      ]),
    );
  });

  it.each(paywalled.map((r) => [r.key, r] as const))(
    'an expired trial owner gets 402 from %s',
    async (_key, { route }) => {
      const { owner, storeId } = await businessWith(expiredTrial);
      const res = await callRoute(app, route, aimAt(route.path, storeId), owner.token);
      expect(res.status).toBe(402);
      expect(res.body).toEqual({ message: USER_MESSAGES.expiredPlan, code: 'PAYMENT_REQUIRED' });
    },
  );

  it.each(paywalled.map((r) => [r.key, r] as const))(
    'a canceled subscription owner gets 402 from %s',
    async (_key, { route }) => {
      const { owner, storeId } = await businessWith({ subscriptionStatus: 'canceled' });
      const res = await callRoute(app, route, aimAt(route.path, storeId), owner.token);
      expect(res.status).toBe(402);
      expect(res.body.message).toBe(USER_MESSAGES.expiredPlan);
    },
  );

  it.each(exempt.map((r) => [r.key, r] as const))(
    'an expired trial owner still reaches %s',
    async (key, { route }) => {
      const { owner, storeId } = await businessWith(expiredTrial);
      const aim = EXEMPT_AIMS[key]?.(owner) ?? aimAt(route.path, storeId);
      const res = await callRoute(app, route, aim, owner.token);
      expect(res.status).not.toBe(402);
      expect(res.status).toBeLessThan(500);
    },
  );

  it('answers the subscription and profile with the expired status, so the web app can send the owner to pay', async () => {
    const { owner } = await businessWith(expiredTrial);
    const me = await callRoute(app, route('users.me'), {}, owner.token).expect(200);
    expect(me.body.user.subscriptionStatus).toBe('expired');
    const sub = await callRoute(app, route('plans.mySubscription'), {}, owner.token).expect(200);
    expect(sub.body.status).toBe('expired');
  });

  it('gives members 402 too, and billing stays the owner’s (403 before 402)', async () => {
    const { owner } = await businessWith(expiredTrial);
    const admin = await makeMember(owner.id, 'admin');
    await callRoute(app, route('stores.list'), { query: {} }, admin.token).expect(402);
    await callRoute(app, route('plans.mySubscription'), {}, admin.token).expect(403);
    await callRoute(app, route('users.me'), {}, admin.token).expect(200);
  });

  it('opens again once the subscription is paid', async () => {
    const { owner } = await businessWith({ subscriptionStatus: 'canceled' });
    await callRoute(app, route('stores.list'), { query: {} }, owner.token).expect(402);
    await BusinessModel.updateOne({ _id: owner.id }, { $set: { subscriptionStatus: 'active' } });
    await callRoute(app, route('stores.list'), { query: {} }, owner.token).expect(200);
  });

  it('keeps a past-due business open during its grace period and closes it after', async () => {
    const { owner } = await businessWith({ subscriptionStatus: 'past_due', pastDueSince: new Date() });
    await callRoute(app, route('stores.list'), { query: {} }, owner.token).expect(200);
    await BusinessModel.updateOne(
      { _id: owner.id },
      { $set: { pastDueSince: new Date(Date.now() - 60 * DAY) } },
    );
    await callRoute(app, route('stores.list'), { query: {} }, owner.token).expect(402);
  });
});

describe('paywall: customers of a business without a plan', () => {
  it('still accepts and counts a customer rating (201)', async () => {
    const shop = await makeShop();
    await BusinessModel.updateOne({ _id: shop.business.id }, { $set: expiredTrial });
    const res = await postFrom(
      app,
      '/feedback/staff-ratings',
      submitBody(shop.store, { staff: String(shop.alice._id), score: 4 }),
    ).expect(201);
    const rating = await RatingModel.findById(res.body._id).lean();
    expect(rating?.score).toBe(4);
    const rows = await RollupModel.find({ store: shop.store._id, metric: 'staff', day: rating?.day }).lean();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ count: 1, scoreSum: 4 });
  });
});

function route(key: string) {
  const found = routes.find((r) => r.key === key);
  if (!found) throw new Error(`No route ${key}`);
  return found.route;
}
