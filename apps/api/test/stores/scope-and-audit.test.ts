// Stores, staff and rota for a store manager: only their stores, edits that keep what they cannot see, every change audited.
import request from 'supertest';
import { createApp } from '../../src/app';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { StaffModel } from '../../src/modules/staff/staff.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makeShift, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

async function chain() {
  const owner = await makeUser({ fullname: 'Olive Owner' });
  const soho = await makeStore(owner.id, { name: 'Soho' });
  const camden = await makeStore(owner.id, { name: 'Camden' });
  const manager = await makeMember(owner.id, 'manager', [soho._id], { fullname: 'Mia Manager' });
  const viewer = await makeMember(owner.id, 'viewer', [soho._id]);
  return { owner, soho, camden, manager, viewer };
}

const auditOf = (business: string) => AuditModel.find({ business }).sort({ at: 1, _id: 1 }).lean();

describe('stores for a store manager', () => {
  it('lists only their stores, cannot create or delete, and their edits are audited in words', async () => {
    const { owner, soho, camden, manager, viewer } = await chain();
    const list = await request(app).get('/api/v1/store').set(manager.auth);
    expect(list.status).toBe(200);
    expect(list.body.stores.map((s: { name: string }) => s.name)).toEqual(['Soho']);
    expect((await request(app).get(`/api/v1/store/${camden._id}`).set(manager.auth)).status).toBe(404);
    expect(
      (await request(app).post('/api/v1/store/create').set(manager.auth).send({ name: 'X' })).status,
    ).toBe(403);
    expect((await request(app).delete(`/api/v1/store/${soho._id}`).set(manager.auth)).status).toBe(403);
    expect(
      (await request(app).put(`/api/v1/store/${soho._id}`).set(viewer.auth).send({ name: 'V' })).status,
    ).toBe(403);

    const renamed = await request(app)
      .put(`/api/v1/store/${soho._id}`)
      .set(manager.auth)
      .send({ name: 'Soho Square' });
    expect(renamed.status).toBe(200);
    const off = await request(app)
      .put(`/api/v1/store/${soho._id}/interfaces`)
      .set(manager.auth)
      .send({ interface1: { status: false } });
    expect(off.status).toBe(200);
    // Saving the same switch again changes nothing and adds no entry.
    await request(app)
      .put(`/api/v1/store/${soho._id}/interfaces`)
      .set(manager.auth)
      .send({ interface1: { status: false } });

    const entries = await auditOf(owner.id);
    expect(entries.map((e) => [e.kind, e.summary, e.actorName, e.actorRole])).toEqual([
      ['store', 'Renamed Soho to Soho Square', 'Mia Manager', 'manager'],
      ['interfaces', 'Turned off staff ratings at Soho Square', 'Mia Manager', 'manager'],
    ]);
    expect(entries[0]).toMatchObject({
      before: { name: 'Soho' },
      after: { name: 'Soho Square' },
      storeName: 'Soho Square',
    });
    expect(entries[1]).toMatchObject({ before: { interface1: true }, after: { interface1: false } });
    expect(String(entries[1]!.store)).toBe(String(soho._id));
  });

  it('the owner creating and deleting stores is audited', async () => {
    const { owner } = await chain();
    const created = await request(app)
      .post('/api/v1/store/create')
      .set(owner.auth)
      .send({ name: 'Brixton', timeZone: 'UTC' });
    expect(created.status).toBe(201);
    await request(app).delete(`/api/v1/store/${created.body.store._id}`).set(owner.auth).expect(200);
    const summaries = (await auditOf(owner.id)).map((e) => e.summary);
    expect(summaries).toEqual(['Added the store Brixton', 'Deleted the store Brixton']);
  });
});

describe('staff for a store manager', () => {
  it('sees people working at their stores, named only with their stores', async () => {
    const { soho, camden, manager } = await chain();
    const both = await makeStaff(soho.business, [soho._id, camden._id], { name: 'Ann Both' });
    await makeStaff(soho.business, [camden._id], { name: 'Carl Camden' });
    const res = await request(app).get('/api/v1/staff').set(manager.auth);
    expect(res.status).toBe(200);
    expect(res.body.staff.map((s: { name: string }) => s.name)).toEqual(['Ann Both']);
    expect(res.body.staff[0].stores).toEqual([{ _id: String(soho._id), name: 'Soho' }]);
    expect((await request(app).get(`/api/v1/staff?store=${camden._id}`).set(manager.auth)).status).toBe(404);
    expect((await request(app).get(`/api/v1/staff/${both._id}`).set(manager.auth)).status).toBe(200);
  });

  it('creates and edits only with their stores, keeping assignments they do not cover', async () => {
    const { owner, soho, camden, manager } = await chain();
    const create = (stores: string[]) =>
      request(app).post('/api/v1/staff/create').set(manager.auth).send({ name: 'Nina New', stores });
    expect((await create([String(camden._id)])).status).toBe(404);
    expect((await create([String(soho._id), String(camden._id)])).status).toBe(404);
    const none = await create([]);
    expect(none.status).toBe(400);
    expect(none.body.fieldErrors.stores).toBeDefined();
    expect((await create([String(soho._id)])).status).toBe(201);

    const ann = await makeStaff(owner.id, [soho._id, camden._id], { name: 'Ann' });
    const edit = await request(app)
      .put(`/api/v1/staff/${ann._id}`)
      .set(manager.auth)
      .send({ name: 'Anna', stores: [String(soho._id)] });
    expect(edit.status).toBe(200);
    const stored = await StaffModel.findById(ann._id).lean();
    expect(stored!.stores.map(String).sort()).toEqual([String(soho._id), String(camden._id)].sort());
    expect(stored!.name).toBe('Anna');
    const hijack = await request(app)
      .put(`/api/v1/staff/${ann._id}`)
      .set(manager.auth)
      .send({ stores: [String(camden._id)] });
    expect(hijack.status).toBe(404);

    const summaries = (await auditOf(owner.id)).map((e) => e.summary);
    expect(summaries).toEqual(['Added Nina New at Soho', 'Renamed Ann to Anna']);
  });

  it('removing someone who also works elsewhere takes them off the manager’s stores only', async () => {
    const { owner, soho, camden, manager } = await chain();
    const ann = await makeStaff(owner.id, [soho._id, camden._id], { name: 'Ann' });
    const solo = await makeStaff(owner.id, [soho._id], { name: 'Sam' });
    await request(app).delete(`/api/v1/staff/${ann._id}`).set(manager.auth).expect(200);
    await request(app).delete(`/api/v1/staff/${solo._id}`).set(manager.auth).expect(200);
    const [a, s] = await Promise.all([
      StaffModel.findById(ann._id).lean(),
      StaffModel.findById(solo._id).lean(),
    ]);
    expect(a).toMatchObject({ deletedAt: null });
    expect(a!.stores.map(String)).toEqual([String(camden._id)]);
    expect(s!.deletedAt).not.toBeNull();
    expect((await auditOf(owner.id)).map((e) => e.summary)).toEqual(['Removed Ann from Soho', 'Deleted Sam']);
  });
});

describe('rota for a store manager', () => {
  it('works on their stores only, never names another store, and audits shifts', async () => {
    const { owner, soho, camden, manager } = await chain();
    const ann = await makeStaff(owner.id, [soho._id, camden._id], { name: 'Ann' });
    const elsewhere = await makeShift(
      owner.id,
      camden,
      ann,
      new Date('2025-06-03T09:00:00Z'),
      new Date('2025-06-03T12:00:00Z'),
    );
    expect(
      (await request(app).get(`/api/v1/rota?store=${camden._id}&week=2025-06-02`).set(manager.auth)).status,
    ).toBe(404);
    expect((await request(app).delete(`/api/v1/rota/shifts/${elsewhere._id}`).set(manager.auth)).status).toBe(
      404,
    );
    const onShift = await request(app).get('/api/v1/rota/on-shift?at=2025-06-03T10:00:00Z').set(manager.auth);
    expect(onShift.body.stores.map((s: { name: string }) => s.name)).toEqual(['Soho']);

    const shift = (body: object) => request(app).post('/api/v1/rota/shifts').set(manager.auth).send(body);
    const base = { staff: String(ann._id), date: '2025-06-03', start: '11:00', end: '14:00' };
    expect((await shift({ ...base, store: String(camden._id) })).status).toBe(404);
    const clash = await shift({ ...base, store: String(soho._id) });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('at another store');
    expect(clash.body.message).not.toContain('Camden');
    const added = await shift({ ...base, store: String(soho._id), start: '13:00', end: '17:00' });
    expect(added.status).toBe(201);
    await request(app)
      .put(`/api/v1/rota/shifts/${added.body.shift._id}`)
      .set(manager.auth)
      .send({ start: '14:00' })
      .expect(200);
    await request(app).delete(`/api/v1/rota/shifts/${added.body.shift._id}`).set(manager.auth).expect(200);
    expect(await ShiftModel.countDocuments({ store: camden._id })).toBe(1);
    expect((await auditOf(owner.id)).map((e) => e.summary)).toEqual([
      "Added Ann's shift at Soho on Tue 3 Jun, 13:00–17:00",
      "Moved Ann's shift at Soho from Tue 3 Jun, 13:00–17:00 to Tue 3 Jun, 14:00–17:00",
      "Removed Ann's shift at Soho on Tue 3 Jun, 14:00–17:00",
    ]);
    expect(await StoreModel.countDocuments({ business: owner.id, deletedAt: null })).toBe(2);
  });
});
