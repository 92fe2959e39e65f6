// Rota shifts: create/move/delete in store-local time, who may be rostered, the no-overlap rule (409) and week views.
import request from 'supertest';
import { ZRotaWeekSchema, ZShiftSchema } from '@cx/contracts';
import { createApp } from '../../src/app';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { makeStaff, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

async function business() {
  const user = await makeUser();
  const store = await makeStore(user.id, { name: 'Covent Garden', timeZone: 'Europe/London' });
  const olivia = await makeStaff(user.id, [store._id], { name: 'Olivia Bennett' });
  /** A valid shift body: Olivia at Covent Garden on Mon 2 Jun 2025, 09:00–17:00, with overrides. */
  const shift = (overrides: Record<string, unknown> = {}) => ({
    store: String(store._id),
    staff: String(olivia._id),
    date: '2025-06-02',
    start: '09:00',
    end: '17:00',
    ...overrides,
  });
  return { user, store, olivia, shift };
}

const addShift = (u: MadeUser, body: Record<string, unknown>) =>
  request(app).post('/api/v1/rota/shifts').set(u.auth).send(body);
const changeShift = (u: MadeUser, id: string, body: Record<string, unknown>) =>
  request(app).put(`/api/v1/rota/shifts/${id}`).set(u.auth).send(body);
const getRota = (u: MadeUser, query: Record<string, string>) =>
  request(app).get('/api/v1/rota').query(query).set(u.auth);

describe('POST /api/v1/rota/shifts', () => {
  it('stores the local times as UTC instants in the store time zone', async () => {
    const { user, shift } = await business();
    const res = await addShift(user, shift({ end: '17:30' }));
    expect(res.status).toBe(201);
    const saved = ZShiftSchema.parse(res.body.shift);
    expect(saved).toMatchObject({
      day: '2025-06-02',
      start: '2025-06-02T08:00:00.000Z',
      end: '2025-06-02T16:30:00.000Z',
      startTime: '09:00',
      endTime: '17:30',
      endDay: '2025-06-02',
      durationMinutes: 510,
    });
  });

  it('treats an end before the start as finishing the next day', async () => {
    const { user, shift } = await business();
    const res = await addShift(user, shift({ date: '2025-06-06', start: '22:00', end: '03:00' }));
    expect(res.status).toBe(201);
    expect(res.body.shift).toMatchObject({ day: '2025-06-06', endDay: '2025-06-07', durationMinutes: 300 });
  });

  it.each([
    ['end', 'End time must be different from start time', { start: '09:00', end: '09:00' }],
    ['start', 'Use the 24-hour HH:mm format, e.g. 09:30', { start: '9am' }],
    ['date', 'That date does not exist', { date: '2025-02-30' }],
    ['date', 'Use the YYYY-MM-DD date format', { date: '02/06/2025' }],
  ] as const)('refuses a bad %s: "%s"', async (field, message, patch) => {
    const { user, shift } = await business();
    const res = await addShift(user, shift(patch)).expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
  });

  it('refuses a person who does not work at the store, or is deactivated', async () => {
    const { user, store, shift } = await business();
    const elsewhere = await makeStore(user.id, { name: 'Soho' });
    const harry = await makeStaff(user.id, [elsewhere._id], { name: 'Harry Clarke' });
    const away = await addShift(user, shift({ staff: String(harry._id), end: '12:00' }));
    expect(away.status).toBe(400);
    expect(away.body.message).toBe(
      'Harry Clarke does not work at Covent Garden. Add the store to their profile first.',
    );
    const mia = await makeStaff(user.id, [store._id], { name: 'Mia Chen', active: false });
    const off = await addShift(user, shift({ staff: String(mia._id), end: '12:00' }));
    expect(off.body.message).toBe('Mia Chen is deactivated. Reactivate them before adding shifts.');
  });
});

describe('shift overlap (409)', () => {
  it('refuses a second shift that overlaps, naming the existing one in local time', async () => {
    const { user, shift } = await business();
    await addShift(user, shift()).expect(201);
    const res = await addShift(user, shift({ start: '16:00', end: '20:00' })).expect(409);
    expect(res.body).toMatchObject({
      code: 'SHIFT_OVERLAP',
      message:
        'Olivia Bennett already has a shift at Covent Garden on Mon 2 Jun, 09:00–17:00, which overlaps this one.',
    });
    expect(await ShiftModel.countDocuments()).toBe(1);
  });

  it('allows back-to-back shifts: the end is exclusive', async () => {
    const { user, shift } = await business();
    await addShift(user, shift()).expect(201);
    await addShift(user, shift({ start: '17:00', end: '20:00' })).expect(201);
    await addShift(user, shift({ start: '06:00', end: '09:00' })).expect(201);
  });

  it('applies across stores and across midnight', async () => {
    const { user, store, olivia, shift } = await business();
    const soho = await makeStore(user.id, { name: 'Soho', timeZone: 'Europe/London' });
    await request(app)
      .put(`/api/v1/staff/${olivia._id}`)
      .set(user.auth)
      .send({ stores: [String(store._id), String(soho._id)] });
    await addShift(user, shift({ date: '2025-06-06', start: '22:00', end: '02:00' })).expect(201);
    const res = await addShift(
      user,
      shift({ store: String(soho._id), date: '2025-06-07', start: '01:00', end: '05:00' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Olivia Bennett already has a shift at Covent Garden on Fri 6 Jun, 22:00–02:00, which overlaps this one.',
    );
  });

  it('lets different people work the same hours', async () => {
    const { user, store, shift } = await business();
    const harry = await makeStaff(user.id, [store._id]);
    await addShift(user, shift()).expect(201);
    await addShift(user, shift({ staff: String(harry._id) })).expect(201);
  });
});

describe('PUT /api/v1/rota/shifts/:id', () => {
  it('moves a shift to another day keeping its local times', async () => {
    const { user, shift } = await business();
    const made = await addShift(user, shift());
    const res = await changeShift(user, made.body.shift._id, { date: '2025-06-04' }).expect(200);
    expect(res.body.shift).toMatchObject({
      day: '2025-06-04',
      startTime: '09:00',
      endTime: '17:00',
      start: '2025-06-04T08:00:00.000Z',
    });
  });

  it('moves a shift to another person, and changing its own times never clashes with itself', async () => {
    const { user, store, shift } = await business();
    const harry = await makeStaff(user.id, [store._id], { name: 'Harry Clarke' });
    const made = await addShift(user, shift());
    const id = made.body.shift._id as string;
    await changeShift(user, id, { end: '18:00' }).expect(200);
    const moved = await changeShift(user, id, { staff: String(harry._id) }).expect(200);
    expect(moved.body.shift).toMatchObject({
      staff: String(harry._id),
      startTime: '09:00',
      endTime: '18:00',
    });
  });

  it('answers 409 when the move lands on another shift of the same person', async () => {
    const { user, shift } = await business();
    await addShift(user, shift({ date: '2025-06-03' })).expect(201);
    const made = await addShift(user, shift()).expect(201);
    const res = await changeShift(user, made.body.shift._id, { date: '2025-06-03' });
    expect(res.status).toBe(409);
    expect((await ShiftModel.findById(made.body.shift._id))?.day).toBe('2025-06-02');
  });
});

describe('DELETE /api/v1/rota/shifts/:id', () => {
  it('removes the shift', async () => {
    const { user, shift } = await business();
    const made = await addShift(user, shift());
    const res = await request(app)
      .delete(`/api/v1/rota/shifts/${made.body.shift._id}`)
      .set(user.auth)
      .expect(200);
    expect(res.body.message).toBe('Shift removed');
    expect(await ShiftModel.countDocuments()).toBe(0);
  });
});

describe('GET /api/v1/rota', () => {
  it("returns the store's Monday-to-Sunday week with its staff rows and shifts", async () => {
    const { user, store, shift } = await business();
    const harry = await makeStaff(user.id, [store._id], { name: 'Harry Clarke' });
    const harrys = String(harry._id);
    await addShift(user, shift({ date: '2025-06-01' })).expect(201); // previous week's Sunday
    await addShift(user, shift()).expect(201);
    await addShift(user, shift({ staff: harrys, date: '2025-06-08' })).expect(201);
    await addShift(user, shift({ staff: harrys, date: '2025-06-09' })).expect(201); // next week
    const res = await getRota(user, { store: String(store._id), week: '2025-06-05' }).expect(200);
    const week = ZRotaWeekSchema.parse(res.body);
    expect(week.weekStart).toBe('2025-06-02');
    expect(week.days).toEqual([
      '2025-06-02',
      '2025-06-03',
      '2025-06-04',
      '2025-06-05',
      '2025-06-06',
      '2025-06-07',
      '2025-06-08',
    ]);
    expect(week.shifts.map((s) => s.day)).toEqual(['2025-06-02', '2025-06-08']);
    expect(week.staff.map((s) => s.name)).toEqual(['Harry Clarke', 'Olivia Bennett']);
  });

  it('defaults to the current week in the store time zone', async () => {
    const { user, store } = await business();
    const res = await getRota(user, { store: String(store._id) }).expect(200);
    expect(new Date(`${res.body.weekStart}T12:00:00Z`).getUTCDay()).toBe(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(res.body.days).toContain(today);
  });

  it('keeps a row for someone deleted who still has a shift that week, marked as no longer working here', async () => {
    const { user, store, olivia, shift } = await business();
    await addShift(user, shift({ date: '2020-01-06' })).expect(201);
    await request(app).delete(`/api/v1/staff/${olivia._id}`).set(user.auth).expect(200);
    const res = await getRota(user, { store: String(store._id), week: '2020-01-06' }).expect(200);
    expect(res.body.staff).toEqual([
      expect.objectContaining({ name: 'Olivia Bennett', worksHere: false, active: false }),
    ]);
    expect(res.body.shifts).toHaveLength(1);
  });
});
