// A store's area: new stores land under the top area, PUT /store/:id { area } moves one (owners and admins), audited.
import request from 'supertest';
import { createApp } from '../../src/app';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

const areas = async (who: MadeUser) =>
  (await request(app).get('/api/v1/areas').set(who.auth).expect(200)).body.areas;
const addArea = async (who: MadeUser, name: string, parent?: string) =>
  (await request(app).post('/api/v1/areas').set(who.auth).send({ name, parent }).expect(201)).body;
const createStore = (who: MadeUser, body: object) =>
  request(app)
    .post('/api/v1/store/create')
    .set(who.auth)
    .send({ timeZone: 'Europe/London', ...body });
const moveStore = (who: MadeUser, id: string, area: unknown) =>
  request(app).put(`/api/v1/store/${id}`).set(who.auth).send({ area });

describe('POST /api/v1/store/create', () => {
  it('puts a new store under the top area, or under the area asked for', async () => {
    const owner = await makeUser();
    const london = await addArea(owner, 'London');
    const soho = (await createStore(owner, { name: 'Soho' }).expect(201)).body.store;
    const camden = (await createStore(owner, { name: 'Camden', area: london._id }).expect(201)).body.store;
    const [root] = await areas(owner);
    expect(soho.area).toBe(root._id);
    expect(camden.area).toBe(london._id);
    const listed = (await request(app).get('/api/v1/store').set(owner.auth).expect(200)).body.stores;
    expect(listed.map((s: { name: string; area: string }) => [s.name, s.area])).toEqual([
      ['Camden', london._id],
      ['Soho', root._id],
    ]);
    const stranger = await makeUser();
    const foreign = await createStore(stranger, { name: 'Sneaky', area: london._id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Area not found');
  });
});

describe('PUT /api/v1/store/:id { area }', () => {
  it('moves a store for owners and admins, and the audit says who moved it where', async () => {
    const owner = await makeUser({ fullname: 'Olive Owner' });
    const uk = await addArea(owner, 'UK');
    const us = await addArea(owner, 'US');
    const soho = (await createStore(owner, { name: 'Soho', area: uk._id }).expect(201)).body.store;
    const moved = await moveStore(owner, soho._id, us._id);
    expect(moved.status).toBe(200);
    expect(moved.body.store.area).toBe(us._id);
    const admin = await makeMember(owner.id, 'admin', null, { fullname: 'Ada Admin' });
    await moveStore(admin, soho._id, uk._id).expect(200);
    // Saving the same area again changes nothing and adds no entry.
    await moveStore(admin, soho._id, uk._id).expect(200);
    const entries = await AuditModel.find({ business: owner.id, action: 'store.move' })
      .sort({ _id: 1 })
      .lean();
    expect(entries.map((e) => [e.summary, e.actorName, e.storeName])).toEqual([
      ['Moved Soho from UK to US', 'Olive Owner', 'Soho'],
      ['Moved Soho from US to UK', 'Ada Admin', 'Soho'],
    ]);
    expect(entries[0]).toMatchObject({ before: { area: 'UK' }, after: { area: 'US' } });
    // The area it left is empty now, so it can go.
    await request(app).delete(`/api/v1/areas/${us._id}`).set(owner.auth).expect(200);
  });

  it('is refused to store managers, and refuses an area of another business or a bad id', async () => {
    const owner = await makeUser();
    const north = await addArea(owner, 'North');
    const store = await makeStore(owner.id, { name: 'Leeds' });
    const manager = await makeMember(owner.id, 'manager', [store._id]);
    const refused = await moveStore(manager, String(store._id), north._id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only owners and admins can move a store to another area');
    // A manager's ordinary edit still works.
    await request(app)
      .put(`/api/v1/store/${store._id}`)
      .set(manager.auth)
      .send({ name: 'Leeds Central' })
      .expect(200);

    const stranger = await makeUser();
    const [theirRoot] = await areas(stranger);
    const foreign = await moveStore(owner, String(store._id), theirRoot._id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Area not found');
    const bad = await moveStore(owner, String(store._id), 'north');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ area: ['Must be a valid id'] });
    const stored = (await request(app).get(`/api/v1/store/${store._id}`).set(owner.auth).expect(200)).body
      .store;
    expect(stored.area).toBeNull();
  });
});
