// Dashboards by role (#21): all-store members see the business, a manager only their stores (404 for the others).
import request from 'supertest';
import { createApp } from '../../src/app';
import { BusinessRollupModel } from '../../src/modules/analytics/rollup.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makeRating, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { ratedChain } from './support';

setupTestDb();
const app = createApp();

/** A London owner with three London stores rated yesterday (1, 2 and 3 ratings) and a manager of the first two. */
async function chain() {
  const { owner, a, b, c } = await ratedChain();
  const manager = await makeMember(owner.id, 'manager', [a._id, b._id]);
  return { owner, a, b, c, manager };
}

const get = (path: string, auth: Record<string, string>) =>
  request(app).get(`/api/v1/analytics/${path}`).set(auth);

describe('analytics scope by role', () => {
  it('a viewer of every store sees the business-wide figures the owner sees', async () => {
    const { owner } = await chain();
    const viewer = await makeMember(owner.id, 'viewer', null);
    for (const path of ['snapshot?period=last7', 'store-league?period=last7', 'overview?period=last7']) {
      const [mine, theirs] = [await get(path, viewer.auth), await get(path, owner.auth)];
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual(theirs.body);
    }
    const snap = (await get('snapshot?period=last7', viewer.auth)).body;
    expect(snap.ratings.value).toBe(6);
    expect(snap.stores.map((s: { store: { name: string } }) => s.store.name).sort()).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
  });

  it("a manager's snapshot and store league hold their stores only, ranked among themselves", async () => {
    const { a, b, manager } = await chain();
    const snap = (await get('snapshot?period=last7', manager.auth)).body;
    expect(snap.ratings.value).toBe(3);
    expect(snap.average.value).toBeCloseTo(13 / 3, 9);
    const league = await get('store-league?period=last7', manager.auth);
    expect(league.status).toBe(200);
    const rows = [...league.body.ranked, ...league.body.notRanked];
    expect(rows.map((r: { store: { _id: string } }) => r.store._id).sort()).toEqual(
      [String(a._id), String(b._id)].sort(),
    );
    expect(league.body.priorMean).toBeCloseTo(13 / 3, 9); // not the business's 13+3 over 6
    expect(JSON.stringify(league.body)).not.toContain('Charlie');
    const csv = await get('export/stores?period=last7', manager.auth);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Alpha');
    expect(csv.text).not.toContain('Charlie');
  });

  it('answers 404 to a manager naming a store outside theirs, alone or beside their own, on every dashboard route', async () => {
    const { a, c, manager } = await chain();
    const outsider = await makeStore((await makeUser()).id, { name: 'Elsewhere' });
    for (const path of [
      'snapshot',
      'overview',
      'staff-league',
      'store-league',
      'timeline',
      'export/timeline',
      'export/staff',
      'export/stores',
    ]) {
      for (const stores of [[c._id], [a._id, c._id], [outsider._id]]) {
        const res = await get(`${path}?period=last7&stores=${stores.join(',')}`, manager.auth);
        expect([path, res.status, res.body.message]).toEqual([path, 404, 'Store not found']);
      }
      expect((await get(`${path}?period=last7&stores=${a._id}`, manager.auth)).status).toBe(200);
    }
  });

  it("a manager's staff league lists the people of their stores; a person of another store is not found", async () => {
    const { owner, a, c, manager } = await chain();
    const here = await makeStaff(owner.id, [a._id], { name: 'Here Henry' });
    const there = await makeStaff(owner.id, [c._id], { name: 'There Thea' });
    const league = (await get('staff-league?period=last7', manager.auth)).body;
    const names = [...league.ranked, ...league.notRanked].map(
      (r: { staff: { name: string } }) => r.staff.name,
    );
    expect(names).toEqual([here.name]);
    expect((await get(`snapshot?period=last7&staff=${there._id}`, manager.auth)).status).toBe(404);
    expect((await get(`snapshot?period=last7&staff=${here._id}`, manager.auth)).status).toBe(200);
    // once rated at one of the manager's stores (covering a shift there), the person is one the manager may look at
    await makeRating(a, { kind: 'staff', staff: there._id, score: 4 });
    expect((await get(`snapshot?period=last7&staff=${there._id}`, manager.auth)).status).toBe(200);
  });

  it('reads business rows only for a member of every store without a store filter', async () => {
    const { owner, manager } = await chain();
    const viewer = await makeMember(owner.id, 'viewer', null);
    const total = async (auth: Record<string, string>) =>
      (await get('overview?period=last7', auth)).body.series.reduce(
        (n: number, p: { count: number }) => n + p.count,
        0,
      );
    expect([await total(viewer.auth), await total(manager.auth)]).toEqual([6, 3]);
    // a business row out of step shows through for the all-store viewer (proof it is read) and never for the manager
    await BusinessRollupModel.updateMany(
      { business: owner.id, metric: 'experience' },
      { $inc: { count: 100 } },
    );
    expect(await total(manager.auth)).toBe(3);
    expect(await total(viewer.auth)).toBeGreaterThan(6);
  });

  it('lets every member read the ranking setting and only owners and admins change it (audited)', async () => {
    const { owner, manager } = await chain();
    const admin = await makeMember(owner.id, 'admin');
    expect((await get('settings', manager.auth)).body).toEqual({ minSample: 10 });
    const refused = await request(app)
      .put('/api/v1/analytics/settings')
      .set(manager.auth)
      .send({ minSample: 3 });
    expect(refused.status).toBe(403);
    const done = await request(app).put('/api/v1/analytics/settings').set(admin.auth).send({ minSample: 3 });
    expect([done.status, done.body]).toEqual([200, { minSample: 3 }]);
    expect((await get('settings', manager.auth)).body).toEqual({ minSample: 3 });
    const entries = await AuditModel.find({ business: owner.id, kind: 'settings' }).lean();
    expect(entries.map((e) => [String(e.actor), e.actorRole, e.before, e.after])).toEqual([
      [admin.id, 'admin', { minSample: 10 }, { minSample: 3 }],
    ]);
  });
});
