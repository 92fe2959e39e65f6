// Staff: create/update validation, list filters, photo upload, deactivate, and the soft delete that keeps history.
import request from 'supertest';
import { ZStaffSchema } from '@cx/contracts';
import { createApp } from '../../src/app';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { StaffModel } from '../../src/modules/staff/staff.model';
import { makePng, makeShift, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

describe('POST /api/v1/staff/create', () => {
  it('adds a person working at the given stores, active by default', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id, { name: 'Covent Garden' });
    const res = await request(app)
      .post('/api/v1/staff/create')
      .set(auth)
      .send({
        name: '  Olivia Bennett ',
        role: 'Store Manager',
        stores: [String(store._id), String(store._id)],
      })
      .expect(201);
    const member = ZStaffSchema.parse(res.body.staff);
    expect(res.body.message).toBe('Olivia Bennett added');
    expect(member).toMatchObject({
      name: 'Olivia Bennett',
      role: 'Store Manager',
      active: true,
      photo: null,
      stores: [{ _id: String(store._id), name: 'Covent Garden' }],
    });
  });

  it.each([
    ['name', 'Name is required', { name: '' }],
    ['name', 'Name must be at most 255 characters', { name: 'n'.repeat(256) }],
    ['stores', 'Choose at least one store', { stores: [] }],
    ['stores.0', 'Must be a valid id', { stores: ['nope'] }],
  ] as const)('refuses a bad %s: "%s"', async (field, message, patch) => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const res = await request(app)
      .post('/api/v1/staff/create')
      .set(auth)
      .send({ name: 'Valid', stores: [String(store._id)], ...patch })
      .expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
  });

  it("answers 404 for another business's store and creates nobody", async () => {
    const { auth } = await makeUser();
    const other = await makeUser();
    const theirs = await makeStore(other.id);
    const res = await request(app)
      .post('/api/v1/staff/create')
      .set(auth)
      .send({ name: 'Sneaky', stores: [String(theirs._id)] })
      .expect(404);
    expect(res.body.message).toBe('Store not found');
    expect(await StaffModel.countDocuments()).toBe(0);
  });
});

describe('GET /api/v1/staff', () => {
  it('filters by name or role (q), store and status, sorted by name', async () => {
    const { id, auth } = await makeUser();
    const a = await makeStore(id);
    const b = await makeStore(id);
    await makeStaff(id, [a._id], { name: 'Zoe Cashier', role: 'Cashier' });
    await makeStaff(id, [a._id, b._id], { name: 'adam Barista', role: 'Barista' });
    await makeStaff(id, [b._id], { name: 'Mia Inactive', role: 'Cashier', active: false });
    await makeStaff(id, [b._id], { name: 'Deleted Person', deletedAt: new Date() });
    const names = async (query: Record<string, string>) =>
      (await request(app).get('/api/v1/staff').query(query).set(auth).expect(200)).body.staff.map(
        (s: { name: string }) => s.name,
      );
    expect(await names({})).toEqual(['adam Barista', 'Mia Inactive', 'Zoe Cashier']);
    expect(await names({ q: 'cashier' })).toEqual(['Mia Inactive', 'Zoe Cashier']);
    expect(await names({ store: String(b._id) })).toEqual(['adam Barista', 'Mia Inactive']);
    expect(await names({ status: 'active' })).toEqual(['adam Barista', 'Zoe Cashier']);
    expect(await names({ status: 'inactive' })).toEqual(['Mia Inactive']);
  });

  it('leaves deleted stores out of a person’s store list', async () => {
    const { id, auth } = await makeUser();
    const live = await makeStore(id, { name: 'Live' });
    const gone = await makeStore(id, { name: 'Gone', deletedAt: new Date() });
    await makeStaff(id, [live._id, gone._id]);
    const res = await request(app).get('/api/v1/staff').set(auth).expect(200);
    expect(res.body.staff[0].stores).toEqual([{ _id: String(live._id), name: 'Live' }]);
  });
});

describe('PUT /api/v1/staff/:id', () => {
  it('deactivates and reactivates with a message that says which', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const member = await makeStaff(id, [store._id], { name: 'Harry Clarke' });
    const off = await request(app)
      .put(`/api/v1/staff/${member._id}`)
      .set(auth)
      .send({ active: false })
      .expect(200);
    expect(off.body.message).toBe('Harry Clarke deactivated');
    expect(off.body.staff.active).toBe(false);
    const on = await request(app)
      .put(`/api/v1/staff/${member._id}`)
      .set(auth)
      .send({ active: true })
      .expect(200);
    expect(on.body.message).toBe('Harry Clarke reactivated');
  });

  it('changes name, role and stores', async () => {
    const { id, auth } = await makeUser();
    const a = await makeStore(id);
    const b = await makeStore(id, { name: 'B' });
    const member = await makeStaff(id, [a._id]);
    const res = await request(app)
      .put(`/api/v1/staff/${member._id}`)
      .set(auth)
      .send({ name: 'New Name', role: 'Supervisor', stores: [String(b._id)] })
      .expect(200);
    expect(res.body.staff).toMatchObject({
      name: 'New Name',
      role: 'Supervisor',
      stores: [{ _id: String(b._id), name: 'B' }],
    });
  });
});

describe('PUT /api/v1/staff/:id/photo', () => {
  it('stores the photo and serves it from the files endpoint; DELETE removes it', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const member = await makeStaff(id, [store._id]);
    const res = await request(app)
      .put(`/api/v1/staff/${member._id}/photo`)
      .set(auth)
      .attach('image', makePng(8, 8, [10, 120, 200]), 'me.png')
      .expect(200);
    expect(res.body.message).toBe('Photo updated');
    await request(app).get(res.body.staff.photo).expect(200).expect('content-type', 'image/png');
    const del = await request(app).delete(`/api/v1/staff/${member._id}/photo`).set(auth).expect(200);
    expect(del.body.staff.photo).toBeNull();
  });
});

describe('DELETE /api/v1/staff/:id', () => {
  it('soft-deletes, removes only upcoming shifts and says ratings are kept', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const member = await makeStaff(id, [store._id], { name: 'Grace Lee' });
    await makeShift(id, store, member, new Date(Date.now() - 7200e3), new Date(Date.now() - 3600e3));
    await makeShift(id, store, member, new Date(Date.now() + 3600e3), new Date(Date.now() + 7200e3));
    const res = await request(app).delete(`/api/v1/staff/${member._id}`).set(auth).expect(200);
    expect(res.body.message).toBe(
      'Grace Lee deleted and 1 upcoming shift removed. Their ratings are kept for your reports.',
    );
    expect(await ShiftModel.countDocuments({ staff: member._id })).toBe(1);
    expect((await StaffModel.findById(member._id))?.deletedAt).toBeInstanceOf(Date);
    const list = await request(app).get('/api/v1/staff').set(auth).expect(200);
    expect(list.body.staff).toHaveLength(0);
    await request(app).get(`/api/v1/staff/${member._id}`).set(auth).expect(404);
  });
});
