// DST weeks in Europe/London, copying a week across a clock change, and who is on shift at boundary instants.
import request from 'supertest';
import { createApp } from '../../src/app';
import { makeStaff, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

async function business(timeZone = 'Europe/London') {
  const user = await makeUser();
  const store = await makeStore(user.id, { name: 'Covent Garden', timeZone });
  const olivia = await makeStaff(user.id, [store._id], { name: 'Olivia Bennett' });
  return { user, store, olivia, base: { store: String(store._id), staff: String(olivia._id) } };
}

const addShift = (u: MadeUser, body: Record<string, unknown>) =>
  request(app).post('/api/v1/rota/shifts').set(u.auth).send(body);

describe('DST week in Europe/London (clocks forward Sun 30 Mar 2025 01:00 GMT → 02:00 BST)', () => {
  it('a 00:00–04:00 shift on the change night lasts 3 hours', async () => {
    const { user, base } = await business();
    const res = await addShift(user, { ...base, date: '2025-03-30', start: '00:00', end: '04:00' }).expect(
      201,
    );
    expect(res.body.shift).toMatchObject({
      start: '2025-03-30T00:00:00.000Z',
      end: '2025-03-30T03:00:00.000Z',
      durationMinutes: 180,
    });
  });

  it('refuses a time the clocks skip, saying why', async () => {
    const { user, base } = await business();
    const res = await addShift(user, { ...base, date: '2025-03-30', start: '01:30', end: '06:00' }).expect(
      400,
    );
    expect(res.body.message).toBe(
      '01:30 does not exist on 2025-03-30 in Europe/London because the clocks go forward. Choose another time.',
    );
  });

  it('keeps 09:00 local on both sides of the change (08:00Z after, 09:00Z before)', async () => {
    const { user, base } = await business();
    const fri = await addShift(user, { ...base, date: '2025-03-28', start: '09:00', end: '17:00' }).expect(
      201,
    );
    const mon = await addShift(user, { ...base, date: '2025-03-31', start: '09:00', end: '17:00' }).expect(
      201,
    );
    expect(fri.body.shift.start).toBe('2025-03-28T09:00:00.000Z');
    expect(mon.body.shift.start).toBe('2025-03-31T08:00:00.000Z');
  });

  it('copying the week before the change keeps local times in the week after it', async () => {
    const { user, base } = await business();
    await addShift(user, { ...base, date: '2025-03-24', start: '09:00', end: '17:00' }).expect(201);
    await addShift(user, { ...base, date: '2025-03-29', start: '22:00', end: '06:00' }).expect(201); // spans the change
    const res = await request(app)
      .post('/api/v1/rota/copy-week')
      .set(user.auth)
      .send({ store: base.store, week: '2025-04-02' })
      .expect(200);
    expect(res.body).toMatchObject({
      created: 2,
      skipped: [],
      message: 'Copied 2 shifts from the week of Mon 24 Mar.',
    });
    const [mon, sat] = res.body.shifts;
    expect(mon).toMatchObject({
      day: '2025-03-31',
      startTime: '09:00',
      endTime: '17:00',
      start: '2025-03-31T08:00:00.000Z',
    });
    expect(sat).toMatchObject({
      day: '2025-04-05',
      startTime: '22:00',
      endTime: '06:00',
      durationMinutes: 480,
    });
  });
});

describe('DST week in Europe/London (clocks back Sun 26 Oct 2025 02:00 BST → 01:00 GMT)', () => {
  it('an overnight 22:00–06:00 shift across the change lasts 9 hours', async () => {
    const { user, base } = await business();
    const res = await addShift(user, { ...base, date: '2025-10-25', start: '22:00', end: '06:00' }).expect(
      201,
    );
    expect(res.body.shift).toMatchObject({
      start: '2025-10-25T21:00:00.000Z',
      end: '2025-10-26T06:00:00.000Z',
      durationMinutes: 540,
    });
  });

  it('an ambiguous 01:30 means its first occurrence (still BST)', async () => {
    const { user, base } = await business();
    const res = await addShift(user, { ...base, date: '2025-10-26', start: '01:30', end: '03:00' }).expect(
      201,
    );
    expect(res.body.shift.start).toBe('2025-10-26T00:30:00.000Z');
  });

  it('the week view files a late Sunday shift under Sunday, not the next Monday (UTC)', async () => {
    const { user, base } = await business();
    await addShift(user, { ...base, date: '2025-10-26', start: '23:30', end: '23:45' }).expect(201);
    const res = await request(app)
      .get('/api/v1/rota')
      .query({ store: base.store, week: '2025-10-20' })
      .set(user.auth)
      .expect(200);
    expect(res.body.shifts.map((s: { day: string }) => s.day)).toEqual(['2025-10-26']);
  });

  it('in Sydney a shift on 5 Oct 2025 (clocks forward at 02:00) is stored at the right offsets', async () => {
    const { user, base } = await business('Australia/Sydney');
    const res = await addShift(user, { ...base, date: '2025-10-04', start: '20:00', end: '04:00' }).expect(
      201,
    );
    expect(res.body.shift).toMatchObject({
      start: '2025-10-04T10:00:00.000Z',
      end: '2025-10-04T17:00:00.000Z',
      durationMinutes: 420,
    });
  });
});

describe('POST /api/v1/rota/copy-week', () => {
  it('skips people no longer rostrable and overlaps, so copying twice adds nothing', async () => {
    const { user, store, base } = await business();
    const mia = await makeStaff(user.id, [store._id], { name: 'Mia Chen' });
    await addShift(user, { ...base, date: '2025-06-02', start: '09:00', end: '17:00' }).expect(201);
    await addShift(user, {
      ...base,
      staff: String(mia._id),
      date: '2025-06-03',
      start: '09:00',
      end: '17:00',
    }).expect(201);
    await request(app).put(`/api/v1/staff/${mia._id}`).set(user.auth).send({ active: false }).expect(200);
    const first = await request(app)
      .post('/api/v1/rota/copy-week')
      .set(user.auth)
      .send({ store: base.store, week: '2025-06-09' })
      .expect(200);
    expect(first.body.created).toBe(1);
    expect(first.body.skipped).toEqual([
      {
        staffName: 'Mia Chen',
        day: '2025-06-10',
        reason: 'Mia Chen is deactivated. Reactivate them before adding shifts.',
      },
    ]);
    const again = await request(app)
      .post('/api/v1/rota/copy-week')
      .set(user.auth)
      .send({ store: base.store, week: '2025-06-09' })
      .expect(200);
    expect(again.body.created).toBe(0);
    expect(again.body.skipped[0].reason).toMatch(/already has a shift at Covent Garden on Mon 9 Jun/);
  });

  it('says when there is nothing to copy', async () => {
    const { user, base } = await business();
    const res = await request(app)
      .post('/api/v1/rota/copy-week')
      .set(user.auth)
      .send({ store: base.store, week: '2025-06-09' })
      .expect(200);
    expect(res.body).toMatchObject({
      created: 0,
      message: 'There are no shifts in the week of Mon 2 Jun to copy.',
    });
  });
});

describe('GET /api/v1/rota/on-shift', () => {
  async function onShiftAt(u: MadeUser, at: string, store?: string) {
    const res = await request(app)
      .get('/api/v1/rota/on-shift')
      .query({ at, ...(store ? { store } : {}) })
      .set(u.auth)
      .expect(200);
    return res.body as {
      at: string;
      stores: Array<{ name: string; localTime: string; staff: Array<{ name: string }> }>;
    };
  }

  it('counts the start instant in and the end instant out', async () => {
    const { user, base } = await business();
    await addShift(user, { ...base, date: '2025-06-02', start: '09:00', end: '17:00' }).expect(201); // 08:00Z–16:00Z
    const names = async (at: string) => (await onShiftAt(user, at)).stores[0]!.staff.map((s) => s.name);
    expect(await names('2025-06-02T07:59:59.999Z')).toEqual([]);
    expect(await names('2025-06-02T08:00:00.000Z')).toEqual(['Olivia Bennett']);
    expect(await names('2025-06-02T09:00:00+01:00')).toEqual(['Olivia Bennett']);
    expect(await names('2025-06-02T15:59:59.999Z')).toEqual(['Olivia Bennett']);
    expect(await names('2025-06-02T16:00:00.000Z')).toEqual([]);
  });

  it('groups by store with the store-local time, lists empty stores, and leaves out deactivated people', async () => {
    const { user, store, base } = await business();
    const ny = await makeStore(user.id, { name: 'SoHo New York', timeZone: 'America/New_York' });
    const mason = await makeStaff(user.id, [ny._id], { name: 'Mason Rivera' });
    const ava = await makeStaff(user.id, [store._id], { name: 'Ava Thompson' });
    await addShift(user, { ...base, date: '2025-06-02', start: '09:00', end: '17:00' }).expect(201);
    await addShift(user, {
      ...base,
      staff: String(ava._id),
      date: '2025-06-02',
      start: '12:00',
      end: '14:00',
    }).expect(201);
    await request(app).put(`/api/v1/staff/${ava._id}`).set(user.auth).send({ active: false }).expect(200);
    await addShift(user, {
      store: String(ny._id),
      staff: String(mason._id),
      date: '2025-06-02',
      start: '20:00',
      end: '23:00',
    }).expect(201);
    const at13London = await onShiftAt(user, '2025-06-02T12:00:00Z');
    expect(at13London.stores).toEqual([
      expect.objectContaining({
        name: 'Covent Garden',
        localTime: '13:00',
        staff: [expect.objectContaining({ name: 'Olivia Bennett' })],
      }),
      expect.objectContaining({ name: 'SoHo New York', localTime: '08:00', staff: [] }),
    ]);
    const nyOnly = await onShiftAt(user, '2025-06-03T00:30:00Z', String(ny._id));
    expect(nyOnly.stores).toHaveLength(1);
    expect(nyOnly.stores[0]).toMatchObject({
      name: 'SoHo New York',
      localTime: '20:30',
      staff: [{ name: 'Mason Rivera' }],
    });
  });

  it('refuses a malformed instant', async () => {
    const { user } = await business();
    const res = await request(app)
      .get('/api/v1/rota/on-shift')
      .query({ at: 'yesterday' })
      .set(user.auth)
      .expect(400);
    expect(res.body.message).toBe('Use an ISO 8601 date-time, e.g. 2025-03-30T09:00:00Z');
  });
});
