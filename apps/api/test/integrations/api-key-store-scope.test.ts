// Generated from the contract: a store-limited API key reaches, on every key route that takes an id, only objects
// whose stores lie inside its own; another store's, a straddling and a business-wide object answer 404, unchanged.
import { Types } from 'mongoose';
import type { TRouteAccess } from '@cx/contracts';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { CaseModel } from '../../src/modules/cases/case.model';
import { deliveryRow, insertDeliveries, payloadOf } from '../../src/modules/integrations/webhooks.queue';
import { setupTestDb } from '../helpers/db';
import { callRoute, contractRoutes, dumpDb, type ContractRoute } from '../security/support';
import { createKey, keyWorld, type KeyWorld } from './support';
import { storedEndpoint } from './webhook-support';

setupTestDb();
const app = createApp();
beforeEach(() => resetRateLimits());

const keyScopeOf = (r: ContractRoute) => (r.route.metadata as TRouteAccess & { apiKey?: string }).apiKey;
const idParamsOf = (r: ContractRoute) =>
  [...r.route.path.matchAll(/:(\w+)/g)]
    .map(([, name]) => name!)
    .filter((n) => n === 'id' || n.endsWith('Id'));
const idRoutes = contractRoutes().filter((r) => !r.isPublic && keyScopeOf(r) && idParamsOf(r).length > 0);

/** Stores an object scoped to `stores` (null: the whole business) and answers the path params that name it. */
type MakeObject = (w: KeyWorld, stores: string[] | null) => Promise<Record<string, string>>;

/** A webhook endpoint with one delivery in its log (a rating of its first store, or store B's for an all-store one). */
const webhookWithDelivery: MakeObject = async (w, stores) => {
  const endpoint = await storedEndpoint(
    w.owner.id,
    'https://hooks.example.com/scope',
    ['rating.created'],
    stores,
  );
  const store = stores?.[0] ?? String(w.storeB._id);
  const at = new Date();
  const eventId = `rating.created:${String(new Types.ObjectId())}`;
  const payload = payloadOf({
    id: eventId,
    type: 'rating.created',
    business: w.owner.id,
    store,
    at,
    data: {},
  });
  const row = deliveryRow(endpoint, { eventId, type: 'rating.created', payload, at });
  await insertDeliveries([row]);
  return { id: String(endpoint._id), deliveryId: String(row._id) };
};

/**
 * A case belongs to exactly one store: a case of store A is inside the key's stores; the straddling and business-wide
 * shapes cannot exist for a case, so they stand as a case of the other store (outside, like them).
 */
let caseNumber = 0;
const caseAt: MakeObject = async (w, stores) => {
  const store = stores?.length === 1 ? stores[0]! : String(w.storeB._id);
  const doc = await CaseModel.create({
    business: w.owner.id,
    store,
    number: ++caseNumber,
    reason: 'manual',
    summary: 'Key scope',
    dueAt: new Date(Date.now() + 3_600_000),
  });
  return { id: String(doc._id) };
};

/** Per resource (the path every route of it starts with): how to store one of its objects at a given scope. */
const resources: Record<string, MakeObject> = {
  '/api/v1/integrations/webhooks/:id': webhookWithDelivery,
  '/api/v1/cases/:id': caseAt,
};
/** Bodies for the routes that need one to pass validation (the control test proves they are valid). */
const bodies: Record<string, unknown> = {
  'integrations.updateWebhook': { url: 'https://hooks.example.com/moved', enabled: true },
};

const makerOf = (r: ContractRoute) =>
  Object.entries(resources).find(([prefix]) => r.route.path.startsWith(prefix))?.[1];

/** Every call is audited and stamps the key's lastUsedAt: everything else must be as it was. */
async function data() {
  const { auditentries: _audit, apikeys: _keys, ...rest } = await dumpDb();
  return rest;
}

describe('a store-limited API key on every key route that takes an id', () => {
  it('has a way to store an object for every such route', () => {
    expect(idRoutes.map((r) => r.key)).toEqual(
      expect.arrayContaining(['integrations.updateWebhook', 'integrations.listWebhookDeliveries']),
    );
    expect(idRoutes.filter((r) => !makerOf(r)).map((r) => r.key)).toEqual([]);
  });

  it("answers 404 for another store's, a straddling and the business-wide object, and changes nothing", async () => {
    const w = await keyWorld();
    const [a, b] = [String(w.storeA._id), String(w.storeB._id)];
    const limited = await createKey(
      app,
      w.owner,
      ['webhooks:manage', 'ratings:read', 'analytics:read', 'cases:read'],
      [a],
    );
    const targets: [string, Record<string, string>, ContractRoute][] = [];
    for (const r of idRoutes) {
      const make = makerOf(r)!;
      targets.push(['store B', await make(w, [b]), r]);
      targets.push(['stores A+B', await make(w, [a, b]), r]);
      targets.push(['business-wide', await make(w, null), r]);
    }
    const before = await data();
    const answers = [];
    for (const [label, params, r] of targets) {
      const res = await callRoute(app, r.route, { params, body: bodies[r.key] }, limited.key);
      answers.push([r.key, label, res.status, res.body.code]);
    }
    expect(answers).toEqual(targets.map(([label, , r]) => [r.key, label, 404, 'NOT_FOUND']));
    expect(await data()).toEqual(before);
  });

  it('reaches the same routes on an object inside its stores', async () => {
    const w = await keyWorld();
    const [a, b] = [String(w.storeA._id), String(w.storeB._id)];
    const limited = await createKey(
      app,
      w.owner,
      ['webhooks:manage', 'ratings:read', 'analytics:read', 'cases:read'],
      [a, b],
    );
    const answers = [];
    for (const r of idRoutes) {
      const params = await makerOf(r)!(w, [a]);
      const res = await callRoute(app, r.route, { params, body: bodies[r.key] }, limited.key);
      answers.push([r.key, res.status >= 200 && res.status < 300 ? 'ok' : res.status]);
    }
    expect(answers).toEqual(idRoutes.map((r) => [r.key, 'ok']));
  });
});
