// The demo seed's stores, staff and rota (real pictures, staffed opening hours, no double-booked person) and when its
// customers rate: inside opening hours, busiest at lunch and in the evening, staff mostly rated on their shifts.
import request from 'supertest';
import { PNG } from 'pngjs';
import { DateTime } from 'luxon';
import { createApp } from '../../src/app';
import { signAccessToken } from '../../src/lib/auth';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { FeedbackEventModel } from '../../src/modules/feedback/feedback-event.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { seedDemo } from '../../src/seed/seed';
import { clearDb, setupTestDb } from '../helpers/db';

// A seed is a whole business (pictures, a 16-week rota, ratings, rollups): each describe seeds once for its tests,
// which only read it (the last one seeds its own twice).
setupTestDb({ clearBetweenTests: false });
const app = createApp();
jest.setTimeout(180_000);

/** A Wednesday in the week the UK clocks go forward, so the seeded rota spans a DST change. */
const NOW = new Date('2025-03-26T12:00:00Z');

describe('demo seed: stores, staff and rota', () => {
  let auth: { Authorization: string };
  beforeAll(async () => {
    await clearDb();
    const summary = await seedDemo(NOW, 30);
    auth = { Authorization: `Bearer ${signAccessToken(summary.userId, 0)}` };
  });

  it('gives every store a storefront picture and every person a portrait, served as PNGs', async () => {
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

describe('demo seed: when customers rate', () => {
  /** Enough ratings for the hour-by-hour shape to show through the randomness. */
  const RATINGS = 1000;
  /** Noon UTC today: QR visits older than the 400-day retention would be expired by MongoDB's TTL monitor. */
  const TODAY = new Date(new Date().setUTCHours(12, 0, 0, 0));
  const dayBefore = (days: number) =>
    new Date(TODAY.getTime() - days * 86_400_000).toISOString().slice(0, 10);

  /** Store-local wall-clock minute of the day of each instant, by store id. */
  async function localMinutes() {
    const zones = new Map((await StoreModel.find().lean()).map((s) => [String(s._id), s.timeZone]));
    return (at: Date, store: unknown) => {
      const local = DateTime.fromJSDate(at, { zone: zones.get(String(store))! });
      return local.hour * 60 + local.minute;
    };
  }

  let summary: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    await clearDb();
    summary = await seedDemo(TODAY, RATINGS);
  });

  it('puts every rating and QR visit inside its store opening hours, as the Overview heatmap and the rollups show', async () => {
    const minuteOf = await localMinutes();
    const ratings = await RatingModel.find().lean();
    const visits = await FeedbackEventModel.find({ type: 'visit' }).lean();
    expect(ratings).toHaveLength(RATINGS);
    expect(visits.length).toBeGreaterThan(RATINGS);
    const outside = [...ratings, ...visits].filter((doc) => {
      const minute = minuteOf(doc.createdAt as Date, doc.store);
      return minute < 8 * 60 || minute >= 20 * 60;
    });
    expect(outside).toEqual([]);
    expect(Math.max(...ratings.map((r) => (r.createdAt as Date).getTime()))).toBeLessThanOrEqual(
      TODAY.getTime(),
    );

    const auth = { Authorization: `Bearer ${signAccessToken(summary.userId, 0)}` };
    const overview = (
      await request(app)
        .get('/api/v1/analytics/overview')
        .set(auth)
        .query({ period: 'custom', from: dayBefore(85), to: dayBefore(1) })
        .expect(200)
    ).body as { heatmap: Array<{ hour: number; count: number }> };
    expect(overview.heatmap.length).toBeGreaterThan(0);
    expect(overview.heatmap.filter((c) => c.hour < 8 || c.hour >= 20)).toEqual([]);
    // The rollups the dashboard reads are exactly a recount of the seeded ratings and visits.
    const report = await rebuildRollups({ check: true, business: summary.userId, now: TODAY });
    expect(report.differences).toBe(0);
  });

  it('is busiest at lunchtime and in the early evening, and rates most staff on their shifts, a few outside them', async () => {
    const minuteOf = await localMinutes();
    const ratings = await RatingModel.find().lean();
    const perHour = new Array<number>(24).fill(0);
    for (const r of ratings) perHour[Math.floor(minuteOf(r.createdAt as Date, r.store) / 60)]! += 1;
    const quiet = Math.max(perHour[9]!, perHour[15]!);
    expect(perHour[12]!).toBeGreaterThan(2 * quiet);
    expect(perHour[18]!).toBeGreaterThan(2 * quiet);

    const shifts = await ShiftModel.find().lean();
    const staffRatings = ratings.filter((r) => r.kind === 'staff');
    expect(staffRatings.length).toBeGreaterThan(RATINGS / 2);
    // Each person's shifts looked up once, not every shift of the chain scanned for every rating.
    const shiftsOf = new Map<string, typeof shifts>();
    for (const s of shifts) shiftsOf.set(String(s.staff), [...(shiftsOf.get(String(s.staff)) ?? []), s]);
    const onShift = staffRatings.filter((r) =>
      (shiftsOf.get(String(r.staff)) ?? []).some(
        (s) => s.start <= (r.createdAt as Date) && (r.createdAt as Date) < s.end,
      ),
    ).length;
    expect(onShift / staffRatings.length).toBeGreaterThan(0.85);
    expect(onShift).toBeLessThan(staffRatings.length);
    // Each rating off the rota is marked so, as a live one would be.
    expect(staffRatings.filter((r) => r.outsideShift).length).toBe(staffRatings.length - onShift);
  });

  it('seeds the same ratings every time', async () => {
    const fingerprint = async () =>
      (await RatingModel.find().sort({ createdAt: 1 }).lean()).map(
        (r) => `${(r.createdAt as Date).toISOString()} ${r.kind} ${r.score}`,
      );
    await clearDb();
    await seedDemo(TODAY, 100);
    const first = await fingerprint();
    await clearDb();
    await seedDemo(TODAY, 100);
    expect(await fingerprint()).toEqual(first);
  });
});
