// POST and PUT /api/v1/rota/shifts racing: two conflicting shifts for one person saved at once — exactly one is kept.
import request from 'supertest';
import { createApp } from '../../src/app';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
// 50 rounds, each waiting on the shift lock: minutes on a loaded 2-core machine. What is tested is the outcome of
// every round, never the time taken.
jest.setTimeout(180_000);
const app = createApp();

const ROUNDS = 50;
/** 50 distinct days from Mon 2 Jun 2025 on, one per round. */
const dayOf = (round: number) => new Date(Date.UTC(2025, 5, 2 + round)).toISOString().slice(0, 10);

async function business() {
  const user = await makeUser();
  const covent = await makeStore(user.id, { name: 'Covent Garden', timeZone: 'Europe/London' });
  const soho = await makeStore(user.id, { name: 'Soho', timeZone: 'Europe/London' });
  const olivia = await makeStaff(user.id, [covent._id, soho._id], { name: 'Olivia Bennett' });
  return { user, covent, soho, olivia };
}

describe('POST /api/v1/rota/shifts under concurrency', () => {
  it(`keeps exactly one of two overlapping shifts for one person sent at once, ${ROUNDS} rounds in a row`, async () => {
    const { user, covent, soho, olivia } = await business();
    for (let round = 0; round < ROUNDS; round++) {
      const date = dayOf(round);
      const [a, b] = await Promise.all([
        request(app)
          .post('/api/v1/rota/shifts')
          .set(user.auth)
          .send({ store: String(covent._id), staff: String(olivia._id), date, start: '09:00', end: '12:00' }),
        request(app)
          .post('/api/v1/rota/shifts')
          .set(user.auth)
          .send({ store: String(soho._id), staff: String(olivia._id), date, start: '10:00', end: '13:00' }),
      ]);
      expect({ round, statuses: [a.status, b.status].sort() }).toEqual({ round, statuses: [201, 409] });
      const loser = a.status === 409 ? a : b;
      expect(loser.body.code).toBe('SHIFT_OVERLAP');
      expect(loser.body.message).toMatch(/^Olivia Bennett already has a shift at (Covent Garden|Soho) on /);
    }
    expect(await ShiftModel.countDocuments({ staff: olivia._id })).toBe(ROUNDS);
  });
});

describe('PUT /api/v1/rota/shifts/:id under concurrency', () => {
  it(`keeps exactly one of two shifts moved onto the same hours at once, ${ROUNDS} rounds in a row`, async () => {
    const { user, covent, olivia } = await business();
    const add = (date: string, start: string, end: string) =>
      request(app)
        .post('/api/v1/rota/shifts')
        .set(user.auth)
        .send({ store: String(covent._id), staff: String(olivia._id), date, start, end })
        .expect(201);
    for (let round = 0; round < ROUNDS; round++) {
      const date = dayOf(round);
      const early = (await add(date, '06:00', '08:00')).body.shift._id as string;
      const late = (await add(date, '18:00', '20:00')).body.shift._id as string;
      const [a, b] = await Promise.all([
        request(app)
          .put(`/api/v1/rota/shifts/${early}`)
          .set(user.auth)
          .send({ start: '10:00', end: '12:00' }),
        request(app).put(`/api/v1/rota/shifts/${late}`).set(user.auth).send({ start: '11:00', end: '13:00' }),
      ]);
      expect({ round, statuses: [a.status, b.status].sort() }).toEqual({ round, statuses: [200, 409] });
      const kept = await ShiftModel.find({ staff: olivia._id, day: date }).sort({ start: 1 }).lean();
      const overlapping = kept.filter((s, i) => i > 0 && s.start < kept[i - 1]!.end);
      expect(overlapping).toEqual([]);
    }
  });
});
