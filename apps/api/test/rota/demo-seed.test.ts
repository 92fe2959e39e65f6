// The demo seed's stores, staff and rota: real pictures, staffed opening hours every day, no double-booked person.
import request from 'supertest';
import { PNG } from 'pngjs';
import { createApp } from '../../src/app';
import { signAccessToken } from '../../src/lib/auth';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { seedDemo } from '../../src/seed/seed';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

/** A Wednesday in the week the UK clocks go forward, so the seeded rota spans a DST change. */
const NOW = new Date('2025-03-26T12:00:00Z');

async function seeded() {
  const summary = await seedDemo(NOW, 30);
  return { summary, auth: { Authorization: `Bearer ${signAccessToken(summary.userId, 0)}` } };
}

describe('demo seed: stores, staff and rota', () => {
  it('gives every store a storefront picture and every person a portrait, served as PNGs', async () => {
    const { auth } = await seeded();
    const stores = (await request(app).get('/api/v1/store').set(auth).expect(200)).body.stores as Array<{
      image: string;
      socialLinks: object;
    }>;
    const staff = (await request(app).get('/api/v1/staff').set(auth).expect(200)).body.staff as Array<{
      photo: string;
    }>;
    expect(stores).toHaveLength(3);
    expect(staff).toHaveLength(15);
    for (const [url, width] of [
      ...stores.map((s) => [s.image, 480] as const),
      ...staff.map((s) => [s.photo, 160] as const),
    ]) {
      const res = await request(app).get(url).buffer(true).expect(200);
      expect(PNG.sync.read(res.body as Buffer).width).toBe(width);
    }
    expect(stores.every((s) => Object.values(s.socialLinks).some(Boolean))).toBe(true);
  });

  it('staffs every store from 08:00 to 20:00 local on every day of three weeks, never double-booking anyone', async () => {
    const { auth } = await seeded();
    const week = (
      await request(app).get('/api/v1/rota/on-shift').set(auth).query({ at: NOW.toISOString() }).expect(200)
    ).body;
    for (const store of week.stores as Array<{ _id: string; timeZone: string; name: string }>) {
      for (const weekOf of ['2025-03-19', '2025-03-26', '2025-04-02']) {
        const rota = (
          await request(app)
            .get('/api/v1/rota')
            .set(auth)
            .query({ store: store._id, week: weekOf })
            .expect(200)
        ).body;
        for (const day of rota.days as string[]) {
          const onDay = (rota.shifts as Array<{ day: string; startTime: string; endTime: string }>).filter(
            (s) => s.day === day,
          );
          expect(onDay.some((s) => s.startTime <= '08:00')).toBe(true);
          expect(onDay.some((s) => s.endTime >= '20:00')).toBe(true);
        }
      }
    }
    const shifts = await ShiftModel.find().sort({ staff: 1, start: 1 }).lean();
    for (let i = 1; i < shifts.length; i++) {
      const [a, b] = [shifts[i - 1]!, shifts[i]!];
      if (String(a.staff) === String(b.staff))
        expect(b.start.getTime()).toBeGreaterThanOrEqual(a.end.getTime());
    }
  });

  it('keeps local start times across the UK clock change (Sun 30 Mar 07:45 BST = 06:45Z)', async () => {
    const { auth } = await seeded();
    const stores = (await request(app).get('/api/v1/store').set(auth).expect(200)).body.stores as Array<{
      _id: string;
      name: string;
    }>;
    const london = stores.find((s) => s.name === 'Covent Garden')!;
    const rota = (
      await request(app)
        .get('/api/v1/rota')
        .set(auth)
        .query({ store: london._id, week: '2025-03-26' })
        .expect(200)
    ).body;
    const sunday = (rota.shifts as Array<{ day: string; startTime: string; start: string }>).filter(
      (s) => s.day === '2025-03-30',
    );
    expect(sunday.find((s) => s.startTime === '07:45')?.start).toBe('2025-03-30T06:45:00.000Z');
  });

  it('has somebody on shift in London at noon on the seeded Wednesday', async () => {
    const { auth } = await seeded();
    const res = await request(app)
      .get('/api/v1/rota/on-shift')
      .set(auth)
      .query({ at: NOW.toISOString() })
      .expect(200);
    const london = res.body.stores.find((s: { name: string }) => s.name === 'Covent Garden');
    expect(london.localTime).toBe('12:00');
    expect(london.staff.length).toBeGreaterThanOrEqual(2);
  });
});
