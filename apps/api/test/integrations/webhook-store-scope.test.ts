// Webhook endpoints and store limits: a store-limited caller lists and creates endpoints of its own stores only.
import request from 'supertest';
import { createApp } from '../../src/app';
import { WebhookEndpointModel } from '../../src/modules/integrations/webhook.model';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { createKey, keyWorld } from './support';
import { storedEndpoint } from './webhook-support';

setupTestDb();
const app = createApp();
const hooks = '/api/v1/integrations/webhooks';
const body = { url: 'https://hooks.example.com/scoped', events: ['rating.created'] };

async function world() {
  const w = await keyWorld();
  const [a, b] = [String(w.storeA._id), String(w.storeB._id)];
  const at = (name: string, stores: string[] | null) =>
    storedEndpoint(w.owner.id, `https://hooks.example.com/${name}`, ['rating.created'], stores);
  await at('all', null);
  await at('a', [a]);
  await at('b', [b]);
  await at('ab', [a, b]);
  return { ...w, a, b };
}

const listedBy = async (auth: Record<string, string>) => {
  const res = await request(app).get(hooks).set(auth).expect(200);
  return (res.body.webhooks as { url: string; stores: string[] }[])
    .map((e) => `${e.url.split('/').pop()}:${e.stores.length}`)
    .sort();
};

describe('GET /api/v1/integrations/webhooks', () => {
  it("lists to a store-limited key only the endpoints whose stores lie inside the key's", async () => {
    const w = await world();
    const keyA = await createKey(app, w.owner, ['webhooks:manage'], [w.a]);
    const keyAB = await createKey(app, w.owner, ['webhooks:manage'], [w.a, w.b]);
    const allStores = await createKey(app, w.owner, ['webhooks:manage']);
    expect(await listedBy(keyA.auth)).toEqual(['a:1']);
    expect(await listedBy(keyAB.auth)).toEqual(['a:1', 'ab:2', 'b:1']);
    expect(await listedBy(allStores.auth)).toEqual(['a:1', 'ab:2', 'all:0', 'b:1']);
    expect(await listedBy(w.owner.auth)).toEqual(['a:1', 'ab:2', 'all:0', 'b:1']);
  });
});

describe('POST /api/v1/integrations/webhooks', () => {
  const storesOf = async (id: string) =>
    ((await WebhookEndpointModel.findById(id).lean())!.stores ?? null)?.map(String) ?? null;

  it("gives a store-limited key's endpoint the key's stores, or those it names inside them", async () => {
    const w = await world();
    const keyAB = await createKey(app, w.owner, ['webhooks:manage'], [w.a, w.b]);
    const none = await request(app).post(hooks).set(keyAB.auth).send(body).expect(201);
    const empty = await request(app)
      .post(hooks)
      .set(keyAB.auth)
      .send({ ...body, stores: [] })
      .expect(201);
    const named = await request(app)
      .post(hooks)
      .set(keyAB.auth)
      .send({ ...body, stores: [w.a] })
      .expect(201);
    expect(await storesOf(none.body._id)).toEqual([w.a, w.b]);
    expect(await storesOf(empty.body._id)).toEqual([w.a, w.b]);
    expect(await storesOf(named.body._id)).toEqual([w.a]);
  });

  it('answers 404 and adds nothing when a store-limited key names a store outside its own', async () => {
    const w = await world();
    const keyA = await createKey(app, w.owner, ['webhooks:manage'], [w.a]);
    for (const stores of [[w.b], [w.a, w.b]]) {
      const res = await request(app)
        .post(hooks)
        .set(keyA.auth)
        .send({ ...body, stores });
      expect([res.status, res.body.message]).toEqual([404, 'Store not found']);
    }
    expect(await WebhookEndpointModel.countDocuments()).toBe(4);
  });

  it("lets the owner limit an endpoint to a store, but not to another business's", async () => {
    const w = await world();
    const other = await makeUser();
    const theirs = await makeStore(other.id, { name: 'Their store' });
    const mine = await request(app)
      .post(hooks)
      .set(w.owner.auth)
      .send({ ...body, stores: [w.b] });
    expect(mine.status).toBe(201);
    expect(await storesOf(mine.body._id)).toEqual([w.b]);
    const res = await request(app)
      .post(hooks)
      .set(w.owner.auth)
      .send({ ...body, stores: [String(theirs._id)] });
    expect(res.status).toBe(404);
    const all = await request(app).post(hooks).set(w.owner.auth).send(body).expect(201);
    expect(await storesOf(all.body._id)).toBeNull();
  });
});
