// Figures by area over HTTP (#35): areas= on every dashboard read, the area league, and a manager's view never widened.
import request from 'supertest';
import { createApp } from '../../src/app';
import { insertArea, rootArea } from '../../src/tenancy/areas';
import { makeAreaMember, makeMember, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { rateExperience } from './support';

setupTestDb();
const app = createApp();

/**
 * A chain: UK › (London: Soho 5,5 · Camden 4) and (North: Leeds 2); US › East: Boston 1,1,1 (New York time). A manager
 * of Soho and Leeds.
 */
async function chain() {
  const owner = await makeUser({ timeZone: 'Europe/London', businessName: 'Northwind' });
  const root = await rootArea(owner.id);
  const uk = await insertArea(owner.id, 'UK', root);
  const us = await insertArea(owner.id, 'US', root);
  const london = await insertArea(owner.id, 'London', uk);
  const north = await insertArea(owner.id, 'North', uk);
  const east = await insertArea(owner.id, 'East', us);
  const store = (name: string, area: { _id: unknown }, timeZone = 'Europe/London') =>
    makeStore(owner.id, { name, area: area._id, timeZone });
  const [soho, camden, leeds, boston] = [
    await store('Soho', london),
    await store('Camden', london),
    await store('Leeds', north),
    await store('Boston', east, 'America/New_York'),
  ];
  const at = (min: number) => new Date(Date.now() - 26 * 3600000 + min * 60000).toISOString();
  await rateExperience(soho, 5, at(0));
  await rateExperience(soho, 5, at(1));
  await rateExperience(camden, 4, at(2));
  await rateExperience(leeds, 2, at(3));
  for (const m of [4, 5, 6]) await rateExperience(boston, 1, at(m));
  const manager = await makeMember(owner.id, 'manager', [soho._id, leeds._id]);
  const ids = (...xs: Array<{ _id: unknown }>) => xs.map((x) => String(x._id));
  return { owner, manager, root, uk, us, london, north, east, soho, camden, leeds, boston, ids };
}

const get = (path: string, auth: Record<string, string>) =>
  request(app).get(`/api/v1/analytics/${path}`).set(auth);
type LeagueRow = {
  area: { _id: string; name: string };
  stores: number;
  ratings: number;
  average: number | null;
};
const rowsOf = (body: { ranked: LeagueRow[]; notRanked: LeagueRow[] }) =>
  [...body.ranked, ...body.notRanked].map((r) => [r.area.name, r.stores, r.ratings, r.average]);

describe('areas= on the dashboard reads', () => {
  it('narrows Snapshot, Overview, both leagues, the timeline, themes and the CSV to the stores under the areas', async () => {
    const c = await chain();
    const q = `period=last7&areas=${c.uk._id}`;
    const snap = (await get(`snapshot?${q}`, c.owner.auth)).body;
    expect([snap.ratings.value, snap.average.value]).toEqual([4, 4]);
    const over = (await get(`overview?${q}`, c.owner.auth)).body;
    expect(over.series.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(4);
    const league = (await get(`store-league?${q}`, c.owner.auth)).body;
    const names = [...league.ranked, ...league.notRanked].map(
      (r: { store: { name: string } }) => r.store.name,
    );
    expect(names.sort()).toEqual(['Camden', 'Leeds', 'Soho']);
    const timeline = (await get(`timeline?${q}`, c.owner.auth)).body;
    expect(timeline.items.map((i: { store: { name: string } }) => i.store.name)).not.toContain('Boston');
    expect(timeline.items).toHaveLength(4);
    expect((await get(`themes?${q}`, c.owner.auth)).status).toBe(200);
    expect((await get(`staff-league?${q}`, c.owner.auth)).status).toBe(200);
    const csv = await get(`export/stores?${q}`, c.owner.auth);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Leeds');
    expect(csv.text).not.toContain('Boston');
    // several areas: the stores under any of them; a district takes only its own
    const both = (await get(`snapshot?period=last7&areas=${c.london._id},${c.east._id}`, c.owner.auth)).body;
    expect(both.ratings.value).toBe(6);
  });

  it('with stores= as well, covers the stores in both', async () => {
    const c = await chain();
    const res = await get(
      `snapshot?period=last7&areas=${c.london._id}&stores=${c.soho._id},${c.leeds._id}`,
      c.owner.auth,
    );
    expect(res.status).toBe(200);
    expect([res.body.ratings.value, res.body.average.value]).toEqual([2, 5]);
  });

  it("never widens a manager's view: an area above their stores gives only theirs", async () => {
    const c = await chain();
    const snap = (await get(`snapshot?period=last7&areas=${c.root._id}`, c.manager.auth)).body;
    expect(snap.ratings.value).toBe(3);
    expect(JSON.stringify(snap)).not.toContain('Camden');
    const london = (await get(`store-league?period=last7&areas=${c.london._id}`, c.manager.auth)).body;
    expect(
      [...london.ranked, ...london.notRanked].map((r: { store: { name: string } }) => r.store.name),
    ).toEqual(['Soho']);
    // an area holding none of their stores: nothing, not the others'
    const east = (await get(`snapshot?period=last7&areas=${c.east._id}`, c.manager.auth)).body;
    expect(east.ratings.value).toBe(0);
    // a store outside theirs is still not found, area or not
    expect((await get(`snapshot?areas=${c.london._id}&stores=${c.camden._id}`, c.manager.auth)).status).toBe(
      404,
    );
  });

  it("answers 404 for another business's area and 400 with the field's message for a malformed one", async () => {
    const c = await chain();
    const other = await makeUser();
    const theirs = await insertArea(other.id, 'Theirs', await rootArea(other.id));
    for (const id of [String(theirs._id), other.id]) {
      const res = await get(`overview?areas=${id}`, c.owner.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Area not found');
      expect((await get(`area-league?areas=${id}`, c.owner.auth)).status).toBe(404);
      expect((await get(`area-league?parent=${id}`, c.owner.auth)).status).toBe(404);
    }
    const bad = await get('snapshot?areas=nope', c.owner.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors['areas.0']).toEqual(['Must be a valid id']);
  });
});

describe('GET /api/v1/analytics/area-league', () => {
  it("ranks the top area's regions by default, and a region's districts with parent=, from their stores' ratings", async () => {
    const c = await chain();
    const top = await get('area-league?period=last7', c.owner.auth);
    expect(top.status).toBe(200);
    expect(top.body.parent).toEqual({ _id: c.owner.id, name: c.root.name });
    expect(top.body.level).toBe(1);
    // minimum sample 10: nobody is ranked yet, busiest first
    expect(rowsOf(top.body)).toEqual([
      ['UK', 3, 4, 4],
      ['US', 1, 3, 1],
    ]);
    expect(top.body.priorMean).toBeCloseTo(19 / 7, 9);
    const uk = (await get(`area-league?period=last7&parent=${c.uk._id}`, c.owner.auth)).body;
    expect(uk.path.map((p: { name: string }) => p.name)).toEqual([c.root.name, 'UK']);
    expect(rowsOf(uk)).toEqual([
      ['London', 2, 3, 14 / 3],
      ['North', 1, 1, 2],
    ]);
    const districts = (await get('area-league?period=last7&level=2&sort=average', c.owner.auth)).body;
    expect(rowsOf(districts).map((r) => r[0])).toEqual(['London', 'North', 'East']);
  });

  it('ranks areas with the store league’s rules once they reach the minimum, and moves a store’s history with it', async () => {
    const c = await chain();
    await request(app).put('/api/v1/analytics/settings').set(c.owner.auth).send({ minSample: 2 }).expect(200);
    const ranked = (await get('area-league?period=last7&level=2', c.owner.auth)).body;
    // London 14/3 over 3, East 1 over 3; North's one rating is below the minimum
    expect(ranked.ranked.map((r: { area: { name: string }; rank: number }) => [r.area.name, r.rank])).toEqual(
      [
        ['London', 1],
        ['East', 2],
      ],
    );
    const prior = 19 / 7;
    expect(ranked.ranked[0].adjustedAverage).toBeCloseTo((14 + prior * 2) / 5, 9);
    expect(ranked.notRanked.map((r: LeagueRow) => r.area.name)).toEqual(['North']);
    // Boston moves to North: its three ratings go with it
    await request(app)
      .put(`/api/v1/store/${c.boston._id}`)
      .set(c.owner.auth)
      .send({ area: String(c.north._id) })
      .expect(200);
    const after = (await get('area-league?period=last7&level=2', c.owner.auth)).body;
    expect(rowsOf(after)).toEqual([
      ['London', 2, 3, 14 / 3],
      ['North', 2, 4, 5 / 4],
      ['East', 0, 0, null],
    ]);
  });

  it('starts a manager at their own top node and shows only areas holding their stores', async () => {
    const c = await chain();
    const mine = await get('area-league?period=last7', c.manager.auth);
    expect(mine.status).toBe(200);
    // Soho (London) and Leeds (North) meet at UK
    expect(mine.body.parent.name).toBe('UK');
    expect(rowsOf(mine.body)).toEqual([
      ['London', 1, 2, 5],
      ['North', 1, 1, 2],
    ]);
    const top = (await get(`area-league?period=last7&parent=${c.root._id}`, c.manager.auth)).body;
    expect(rowsOf(top)).toEqual([['UK', 2, 3, 4]]);
    expect((await get(`area-league?parent=${c.us._id}`, c.manager.auth)).status).toBe(404);
  });

  it("starts a district's manager one level up, so their own district is the league's row (not an empty league)", async () => {
    const c = await chain();
    const district = await makeAreaMember(c.owner.id, 'manager', [c.london._id]);
    const mine = await get('area-league?period=last7', district.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.parent.name).toBe('UK');
    // North, a peer district, holds none of their stores and is not shown
    expect(rowsOf(mine.body)).toEqual([['London', 2, 3, 14 / 3]]);
    // the same for stores granted one by one that all sit in one district
    const stores = await makeMember(c.owner.id, 'viewer', [c.soho._id, c.camden._id]);
    expect(rowsOf((await get('area-league?period=last7', stores.auth)).body)).toEqual([['London', 2, 3, 14 / 3]]);
    // asked for, the district itself still answers (no areas inside it)
    const inside = await get(`area-league?period=last7&parent=${c.london._id}`, district.auth);
    expect(rowsOf(inside.body)).toEqual([]);
  });

  it('shows each area against the target it inherits, its parent and its peers', async () => {
    const c = await chain();
    await request(app)
      .put('/api/v1/targets')
      .set(c.owner.auth)
      .send({ metric: 'average', node: c.owner.id, value: 3 })
      .expect(200);
    const body = (await get('area-league?period=last7', c.owner.auth)).body;
    const average = (name: string) =>
      [...body.ranked, ...body.notRanked]
        .find((r: LeagueRow) => r.area.name === name)
        .targets.find((t: { metric: string }) => t.metric === 'average');
    expect(average('UK')).toMatchObject({ actual: 4, target: 3, state: 'green', vsPeers: 3 });
    expect(average('US')).toMatchObject({ actual: 1, target: 3, state: 'red', vsPeers: -3 });
    expect(average('US').vsParent).toBeCloseTo(1 - 19 / 7, 9);
  });

  it('answers 400 for a level not below the parent', async () => {
    const c = await chain();
    const res = await get(`area-league?parent=${c.london._id}&level=1`, c.owner.auth);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.level).toEqual(['Choose a level below the parent area']);
    expect((await get('area-league?level=0', c.owner.auth)).body.fieldErrors.level).toEqual([
      'Level must be at least 1',
    ]);
  });
});
