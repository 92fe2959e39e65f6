// Every stores/staff/rota route: 401 without a valid token, and another business's ids answer 404 and change nothing.
import request from 'supertest';
import { contract } from '@cx/contracts';
import { createApp } from '../../src/app';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { StaffModel } from '../../src/modules/staff/staff.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { makePng, makeShift, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

interface Ids {
  store: string;
  staff: string;
  shift: string;
}
type Call = (ids: Ids) => request.Test;
const agent = () => request(app);

/** One request per route, aimed at the victim's records. */
const calls: Record<string, Record<string, Call>> = {
  stores: {
    list: () => agent().get('/api/v1/store'),
    get: (i) => agent().get(`/api/v1/store/${i.store}`),
    create: () => agent().post('/api/v1/store/create').send({ name: 'X', timeZone: 'UTC' }),
    update: (i) => agent().put(`/api/v1/store/${i.store}`).send({ name: 'Hijacked' }),
    remove: (i) => agent().delete(`/api/v1/store/${i.store}`),
    uploadImage: (i) => agent().put(`/api/v1/store/${i.store}/image`).attach('image', makePng(), 'a.png'),
    removeImage: (i) => agent().delete(`/api/v1/store/${i.store}/image`),
    getInterfaces: (i) => agent().get(`/api/v1/store/${i.store}/interfaces`),
    updateInterfaces: (i) =>
      agent()
        .put(`/api/v1/store/${i.store}/interfaces`)
        .send({ interface1: { status: false } }),
    qrPng: (i) => agent().get(`/api/v1/store/${i.store}/qr.png`),
    qrSvg: (i) => agent().get(`/api/v1/store/${i.store}/qr.svg`),
    poster: (i) => agent().get(`/api/v1/store/${i.store}/poster.pdf`),
    import: () =>
      agent()
        .post('/api/v1/stores/import')
        .field('dryRun', 'false')
        .attach('file', Buffer.from('code,name\nX-1,X\n'), 'stores.csv'),
  },
  staff: {
    list: () => agent().get('/api/v1/staff'),
    get: (i) => agent().get(`/api/v1/staff/${i.staff}`),
    create: (i) =>
      agent()
        .post('/api/v1/staff/create')
        .send({ name: 'X', stores: [i.store] }),
    update: (i) => agent().put(`/api/v1/staff/${i.staff}`).send({ name: 'Hijacked' }),
    remove: (i) => agent().delete(`/api/v1/staff/${i.staff}`),
    uploadPhoto: (i) => agent().put(`/api/v1/staff/${i.staff}/photo`).attach('image', makePng(), 'a.png'),
    removePhoto: (i) => agent().delete(`/api/v1/staff/${i.staff}/photo`),
  },
  rota: {
    week: (i) => agent().get('/api/v1/rota').query({ store: i.store }),
    createShift: (i) =>
      agent()
        .post('/api/v1/rota/shifts')
        .send({ store: i.store, staff: i.staff, date: '2025-06-02', start: '09:00', end: '10:00' }),
    updateShift: (i) => agent().put(`/api/v1/rota/shifts/${i.shift}`).send({ start: '08:00' }),
    deleteShift: (i) => agent().delete(`/api/v1/rota/shifts/${i.shift}`),
    copyWeek: (i) => agent().post('/api/v1/rota/copy-week').send({ store: i.store, week: '2025-06-09' }),
    onShift: (i) => agent().get('/api/v1/rota/on-shift').query({ store: i.store }),
    importShifts: (i) =>
      agent()
        .post('/api/v1/rota/import')
        .field('store', i.store)
        .attach('file', Buffer.from('Employee,Date,Start Time,End Time\nVictim Staff,2025-06-02,09:00,10:00\n'), 'rota.csv'),
  },
};

/** Routes without an id: the attacker gets an answer, but only about their own (empty) business. */
const listRoutes = new Set(['stores.list', 'stores.create', 'stores.import', 'staff.list']);

const table = Object.entries(calls).flatMap(([group, routes]) =>
  Object.entries(routes).map(([name, call]) => [`${group}.${name}`, call] as const),
);

async function victim(): Promise<Ids> {
  const business = await makeUser();
  const store = await makeStore(business.id, { name: 'Victim Store' });
  const staff = await makeStaff(business.id, [store._id], { name: 'Victim Staff' });
  const shift = await makeShift(
    business.id,
    store,
    staff,
    new Date('2025-06-02T08:00:00Z'),
    new Date('2025-06-02T16:00:00Z'),
  );
  return { store: String(store._id), staff: String(staff._id), shift: String(shift._id) };
}

describe('stores, staff and rota routes', () => {
  it('are all covered by this table', () => {
    for (const group of Object.keys(calls)) {
      expect(Object.keys(calls[group]!).sort()).toEqual(
        Object.keys(contract[group as keyof typeof contract]).sort(),
      );
    }
  });

  it.each(table)('%s answers 401 without a token and with a forged one', async (_name, call) => {
    const ids = await victim();
    const anonymous = await call(ids);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Please log in to continue');
    const forged = await call(ids).set('Authorization', 'Bearer not-a-token');
    expect(forged.status).toBe(401);
  });

  it.each(table.filter(([name]) => !listRoutes.has(name)))(
    "%s answers 404 for another business's ids and changes nothing",
    async (_name, call) => {
      const ids = await victim();
      const intruder = await makeUser();
      const res = await call(ids).set(intruder.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/^(Store|Staff member|Shift) not found$/);
      const [store, staff, shift] = await Promise.all([
        StoreModel.findById(ids.store).lean(),
        StaffModel.findById(ids.staff).lean(),
        ShiftModel.findById(ids.shift).lean(),
      ]);
      expect(store).toMatchObject({
        name: 'Victim Store',
        deletedAt: null,
        image: null,
        interfaces: { interface1: { status: true } },
      });
      expect(staff).toMatchObject({ name: 'Victim Staff', deletedAt: null, active: true });
      expect(shift?.start.toISOString()).toBe('2025-06-02T08:00:00.000Z');
      expect(await StaffModel.countDocuments({ name: 'X' })).toBe(0);
    },
  );

  it("list routes show nothing of another business's records", async () => {
    await victim();
    const intruder = await makeUser();
    expect(
      (
        await calls.stores!.list!({} as Ids)
          .set(intruder.auth)
          .expect(200)
      ).body.stores,
    ).toEqual([]);
    expect(
      (
        await calls.staff!.list!({} as Ids)
          .set(intruder.auth)
          .expect(200)
      ).body.staff,
    ).toEqual([]);
    const onShift = await agent()
      .get('/api/v1/rota/on-shift')
      .query({ at: '2025-06-02T09:00:00Z' })
      .set(intruder.auth)
      .expect(200);
    expect(onShift.body.stores).toEqual([]);
  });
});
