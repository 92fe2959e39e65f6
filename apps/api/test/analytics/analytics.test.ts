// The /analytics routes over HTTP: access, validation, fair ranking, the timeline cursor, CSV exports and settings.
import request from 'supertest';
import type { Types } from 'mongoose';
import { createApp } from '../../src/app';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { recordRatingInRollups } from '../../src/modules/analytics/rollup.service';
import { localDay, localHour } from '../../src/lib/time';
import { setupTestDb } from '../helpers/db';
import { makeStaff, makeStore, makeUser } from '../factories';

setupTestDb();
const app = createApp();

/** Stores a counted rating and its rollups as the submit does (now minus `hoursAgo`). */
async function rate(
  business: string,
  store: { _id: Types.ObjectId; timeZone: string },
  staff: { _id: Types.ObjectId } | null,
  score: number,
  hoursAgo = 1,
  comment = '',
) {
  const at = new Date(Date.now() - hoursAgo * 3600000);
  const doc = {
    business,
    store: store._id,
    staff: staff?._id ?? null,
    kind: staff ? ('staff' as const) : ('experience' as const),
    score,
    comment,
    day: localDay(at, store.timeZone),
    hour: localHour(at, store.timeZone),
    createdAt: at,
  };
  const created = await RatingModel.create(doc);
  await recordRatingInRollups(doc);
  return created;
}

describe('GET /api/v1/analytics/*', () => {
  it('refuses anonymous calls with 401 and another business’s store with 404', async () => {
    const a = await makeUser();
    const b = await makeUser();
    const storeB = await makeStore(b.id);
    expect((await request(app).get('/api/v1/analytics/snapshot')).status).toBe(401);
    const res = await request(app).get(`/api/v1/analytics/snapshot?stores=${storeB._id}`).set(a.auth);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Store not found');
  });

  it('answers 400 with per-field messages for a custom period without days or longer than 366 days', async () => {
    const a = await makeUser();
    const missing = await request(app).get('/api/v1/analytics/overview?period=custom').set(a.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.from).toEqual(['Choose the first day of the period']);
    const long = await request(app)
      .get('/api/v1/analytics/overview?period=custom&from=2024-01-01&to=2025-06-01')
      .set(a.auth);
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors.to).toEqual(['A period can be at most 366 days']);
  });
});

describe('GET /api/v1/analytics/staff-league', () => {
  it('does not let two 5-star ratings outrank 200 ratings averaging 4.8, and lists the newcomer unranked', async () => {
    const business = await makeUser();
    const store = await makeStore(business.id);
    const veteran = await makeStaff(business.id, [store._id], { name: 'Vera Veteran' });
    const newcomer = await makeStaff(business.id, [store._id], { name: 'Ned Newcomer' });
    const steady = await makeStaff(business.id, [store._id], { name: 'Sam Steady' });
    for (let i = 0; i < 200; i++) await rate(business.id, store, veteran, i < 160 ? 5 : 4);
    for (let i = 0; i < 2; i++) await rate(business.id, store, newcomer, 5);
    for (let i = 0; i < 12; i++) await rate(business.id, store, steady, i < 6 ? 5 : 4);
    const res = await request(app).get('/api/v1/analytics/staff-league?period=last7').set(business.auth);
    expect(res.status).toBe(200);
    expect(res.body.ranked.map((r: { staff: { name: string } }) => r.staff.name)).toEqual([
      'Vera Veteran',
      'Sam Steady',
    ]);
    expect(res.body.ranked[0].average).toBeCloseTo(4.8, 9);
    expect(res.body.notRanked).toHaveLength(1);
    expect(res.body.notRanked[0]).toMatchObject({ rank: null, ratings: 2, staff: { name: 'Ned Newcomer' } });
  });

  it('gives equal adjusted averages the same rank and honours a business’s own minimum sample', async () => {
    const business = await makeUser();
    const store = await makeStore(business.id);
    const a = await makeStaff(business.id, [store._id], { name: 'Ann' });
    const b = await makeStaff(business.id, [store._id], { name: 'Bea' });
    const c = await makeStaff(business.id, [store._id], { name: 'Cal' });
    for (const [p, score] of [
      [a, 5],
      [b, 5],
      [c, 3],
    ] as const) {
      // Rated now: an hour ago is yesterday when the suite runs in the store's first local hour.
      for (let i = 0; i < 3; i++) await rate(business.id, store, p, score, 0);
    }
    const put = await request(app).put('/api/v1/analytics/settings').set(business.auth).send({ minSample: 3 });
    expect(put.body).toEqual({ minSample: 3 });
    const res = await request(app).get('/api/v1/analytics/staff-league?period=today').set(business.auth);
    expect(res.body.minSample).toBe(3);
    expect(res.body.ranked.map((r: { rank: number }) => r.rank)).toEqual([1, 1, 3]);
    const bad = await request(app).put('/api/v1/analytics/settings').set(business.auth).send({ minSample: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.minSample).toEqual(['Minimum ratings must be at least 1']);
  });
});

describe('GET /api/v1/analytics/timeline', () => {
  it('pages newest first with a cursor that stays stable when a new rating arrives', async () => {
    const business = await makeUser();
    const store = await makeStore(business.id);
    for (let i = 0; i < 5; i++) await rate(business.id, store, null, 3, i + 1, `c${i}`);
    const first = await request(app).get('/api/v1/analytics/timeline?period=last7&limit=2').set(business.auth);
    expect(first.body.items.map((i: { comment: string }) => i.comment)).toEqual(['c0', 'c1']);
    await rate(business.id, store, null, 4, 0.1, 'newest');
    const second = await request(app)
      .get(`/api/v1/analytics/timeline?period=last7&limit=2&cursor=${first.body.nextCursor}`)
      .set(business.auth);
    expect(second.body.items.map((i: { comment: string }) => i.comment)).toEqual(['c2', 'c3']);
    const bad = await request(app).get('/api/v1/analytics/timeline?cursor=nonsense').set(business.auth);
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/v1/analytics/export/:table', () => {
  it('downloads the filtered timeline as CSV with formulas defused and the period in the file name', async () => {
    const business = await makeUser({ timeZone: 'Europe/London' });
    const store = await makeStore(business.id, { name: 'High St' });
    await rate(business.id, store, null, 1, 1, '=HYPERLINK("http://evil")');
    await rate(business.id, store, null, 5, 2, 'Lovely, thanks');
    const res = await request(app).get('/api/v1/analytics/export/timeline?period=last7&scores=1').set(business.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/cx-timeline-\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d-Europe-London\.csv/);
    const lines = res.text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.text).not.toContain('Lovely');
  });
});
