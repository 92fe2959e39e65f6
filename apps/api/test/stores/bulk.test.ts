// Interfaces and opening hours applied to many stores at once: only the member's stores, all or nothing, one audit entry per store changed.
import request from 'supertest';
import { createApp } from '../../src/app';
import { StoreModel } from '../../src/modules/stores/store.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

const INTERFACES = '/api/v1/stores/bulk/interfaces';
const HOURS = '/api/v1/stores/bulk/opening-hours';
const off = { status: false };
const on = { status: true };

async function chain() {
  const owner = await makeUser({ fullname: 'Olive Owner' });
  const soho = await makeStore(owner.id, { name: 'Soho' });
  const camden = await makeStore(owner.id, { name: 'Camden' });
  const brixton = await makeStore(owner.id, { name: 'Brixton' });
  const manager = await makeMember(owner.id, 'manager', [soho._id, camden._id], { fullname: 'Mia Manager' });
  const viewer = await makeMember(owner.id, 'viewer', [soho._id]);
  return { owner, soho, camden, brixton, manager, viewer };
}

const ids = (...stores: Array<{ _id: unknown }>) => stores.map((s) => String(s._id));
const auditOf = (business: string) => AuditModel.find({ business }).sort({ at: 1, _id: 1 }).lean();
const interfacesAt = async (id: unknown) =>
  (await StoreModel.findById(id).lean())!.interfaces as Record<string, { status: boolean }>;

const week = [1, 2, 3, 4, 5, 6, 0].map((day) => ({
  day,
  open: '07:30',
  close: day === 6 ? '21:00' : '18:00',
  closed: day === 0,
}));

describe('PUT /api/v1/stores/bulk/interfaces', () => {
  it('switches the sent interfaces at every chosen store and writes one entry per store that changed', async () => {
    const { owner, soho, camden, brixton } = await chain();
    await StoreModel.updateOne({ _id: camden._id }, { $set: { 'interfaces.interface3.status': false } });
    const res = await request(app)
      .put(INTERFACES)
      .set(owner.auth)
      .send({ stores: ids(soho, camden, brixton), interfaces: { interface3: off } })
      .expect(200);
    expect(res.body.message).toBe('Interfaces updated at 2 stores (1 store already had it)');
    expect(res.body.changed.sort()).toEqual(ids(soho, brixton).sort());
    expect(res.body.unchanged).toEqual(ids(camden));
    for (const s of [soho, camden, brixton]) {
      expect(await interfacesAt(s._id)).toMatchObject({ interface1: on, interface2: on, interface3: off });
    }
    const entries = await auditOf(owner.id);
    expect(entries.map((e) => e.summary).sort()).toEqual([
      'Turned off the social media links at Brixton',
      'Turned off the social media links at Soho',
    ]);
    expect(entries.every((e) => e.kind === 'interfaces' && e.actorName === 'Olive Owner')).toBe(true);
  });

  it('lets a store manager apply to their own stores, and refuses one outside theirs without touching any', async () => {
    const { owner, soho, camden, brixton, manager, viewer } = await chain();
    const mine = await request(app)
      .put(INTERFACES)
      .set(manager.auth)
      .send({ stores: ids(soho, camden), interfaces: { interface1: off } })
      .expect(200);
    expect(mine.body.changed).toHaveLength(2);

    const outside = await request(app)
      .put(INTERFACES)
      .set(manager.auth)
      .send({ stores: ids(soho, brixton), interfaces: { interface2: off } })
      .expect(404);
    expect(outside.body.message).toMatch(/store/i);
    // All or nothing: Soho (theirs) was not changed either.
    expect((await interfacesAt(soho._id)).interface2).toEqual(on);
    expect((await interfacesAt(brixton._id)).interface2).toEqual(on);

    // Another business's store is as unknown as a missing one.
    const other = await makeUser();
    const theirs = await makeStore(other.id, { name: 'Elsewhere' });
    await request(app)
      .put(INTERFACES)
      .set(owner.auth)
      .send({ stores: ids(soho, theirs), interfaces: { interface2: off } })
      .expect(404);
    expect((await interfacesAt(theirs._id)).interface2).toEqual(on);

    // A viewer may not switch interfaces at all.
    await request(app)
      .put(INTERFACES)
      .set(viewer.auth)
      .send({ stores: ids(soho), interfaces: { interface2: off } })
      .expect(403);
    expect((await auditOf(owner.id)).map((e) => e.actorName)).toEqual(['Mia Manager', 'Mia Manager']);
  });

  it('answers 400 per field for a missing selection, bad ids and an empty or malformed change', async () => {
    const { owner, soho } = await chain();
    const empty = await request(app)
      .put(INTERFACES)
      .set(owner.auth)
      .send({ stores: [], interfaces: {} })
      .expect(400);
    expect(empty.body.fieldErrors).toMatchObject({
      stores: ['Choose at least one store'],
      interfaces: ['Send at least one of interface1, interface2, interface3'],
    });
    const bad = await request(app)
      .put(INTERFACES)
      .set(owner.auth)
      .send({ stores: [String(soho._id), 'nope'], interfaces: { interface1: { status: 'yes' } } })
      .expect(400);
    expect(bad.body.fieldErrors['stores.1']).toEqual(['Must be a valid id']);
    expect(bad.body.fieldErrors['interfaces.interface1.status']).toBeDefined();
    const missing = await request(app).put(INTERFACES).set(owner.auth).send({}).expect(400);
    expect(missing.body.fieldErrors.stores).toEqual(['Choose at least one store']);
    expect(await auditOf(owner.id)).toHaveLength(0);
  });
});

describe('PUT /api/v1/stores/bulk/opening-hours', () => {
  it('gives every chosen store the week as its own hours, audited per store that changed', async () => {
    const { owner, soho, camden, brixton } = await chain();
    await StoreModel.updateOne({ _id: brixton._id }, { $set: { openingHours: week } });
    const res = await request(app)
      .put(HOURS)
      .set(owner.auth)
      .send({ stores: ids(soho, camden, brixton), openingHours: week })
      .expect(200);
    expect(res.body.message).toBe('Opening hours applied at 2 stores (1 store already had it)');
    expect(res.body.unchanged).toEqual(ids(brixton));
    for (const s of [soho, camden]) {
      const store = (await request(app).get(`/api/v1/store/${s._id}`).set(owner.auth).expect(200)).body.store;
      expect(store.openingHours).toEqual([...week].sort((a, b) => a.day - b.day));
      // Set on the store itself: a later change of its area's hours does not overwrite them.
      expect(store.inherited.openingHours).toBeUndefined();
    }
    const entries = await auditOf(owner.id);
    expect(entries.map((e) => e.summary).sort()).toEqual([
      'Changed the opening hours of Camden',
      'Changed the opening hours of Soho',
    ]);
  });

  it('keeps a store manager to their stores and checks the week per field', async () => {
    const { owner, soho, brixton, manager } = await chain();
    await request(app)
      .put(HOURS)
      .set(manager.auth)
      .send({ stores: ids(soho, brixton), openingHours: week })
      .expect(404);
    expect((await StoreModel.findById(soho._id).lean())!.openingHours ?? []).toHaveLength(0);

    const bad = await request(app)
      .put(HOURS)
      .set(manager.auth)
      .send({
        stores: ids(soho),
        openingHours: [
          { day: 1, open: '18:00', close: '09:00' },
          { day: 9, open: '9', close: '17:00' },
        ],
      })
      .expect(400);
    expect(bad.body.fieldErrors['openingHours.0.close']).toEqual(['Closing time must be after opening time']);
    expect(bad.body.fieldErrors['openingHours.1.day']).toEqual(['Day must be 0 (Sunday) to 6 (Saturday)']);
    expect(bad.body.fieldErrors['openingHours.1.open']).toEqual(['Use the 24-hour HH:mm format, e.g. 09:30']);
    expect(await auditOf(owner.id)).toHaveLength(0);

    await request(app)
      .put(HOURS)
      .set(manager.auth)
      .send({ stores: ids(soho), openingHours: week })
      .expect(200);
    expect((await auditOf(owner.id)).map((e) => [e.summary, e.actorName])).toEqual([
      ['Changed the opening hours of Soho', 'Mia Manager'],
    ]);
  });
});
