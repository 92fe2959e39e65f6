// Property: every area figure (area league rows, Overview with areas=) equals a recount over its stores' raw ratings.
import { Types } from 'mongoose';
import { localDay, localHour } from '../../src/lib/time';
import { areaLeague } from '../../src/modules/analytics/area-league.service';
import { overview } from '../../src/modules/analytics/dashboard.service';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { loadScope } from '../../src/modules/analytics/scope';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { updateStore, deleteStore } from '../../src/modules/stores/stores.service';
import type { Access } from '../../src/tenancy/access';
import type { AreaDoc } from '../../src/tenancy/area.model';
import { insertArea, rootArea, updateArea } from '../../src/tenancy/areas';
import type { TAnalyticsFilter } from '@cx/contracts';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { Reference, type RawRating, type RefFilter } from './reference';
import { ownerAccess } from './support';
import { NOW, prng, rawWorld } from './world';

setupTestDb();
jest.setTimeout(120_000);

const SEED = 20261127;
const ZONES = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata'];
const MIN_SAMPLE = 10;
const near = (a: number | null | undefined, b: number | null | undefined) => {
  if (a === null || a === undefined || b === null || b === undefined) expect(a ?? null).toBe(b ?? null);
  else expect(Math.abs(a - b)).toBeLessThan(1e-9);
};

/** The test's own copy of the tree (parent per area, area per store), kept beside the app's as it moves things. */
interface Tree {
  root: string;
  parent: Map<string, string | null>;
  name: Map<string, string>;
  storeArea: Map<string, string>;
  live: Set<string>;
}
const depthOf = (t: Tree, id: string): number => (t.parent.get(id) ? 1 + depthOf(t, t.parent.get(id)!) : 0);
const isUnder = (t: Tree, id: string, top: string): boolean =>
  id === top || (t.parent.get(id) ? isUnder(t, t.parent.get(id)!, top) : false);
const storesUnder = (t: Tree, top: string) =>
  [...t.storeArea].filter(([s, a]) => t.live.has(s) && isUnder(t, a, top)).map(([s]) => s);

async function buildTree(rand: () => number, business: string): Promise<Tree> {
  const root = await rootArea(business);
  const t: Tree = {
    root: String(root._id),
    parent: new Map([[String(root._id), null]]),
    name: new Map([[String(root._id), root.name]]),
    storeArea: new Map(),
    live: new Set(),
  };
  const docs = new Map<string, AreaDoc>([[t.root, root]]);
  const add = async (name: string, parentId: string) => {
    const area = await insertArea(business, name, docs.get(parentId)!);
    docs.set(String(area._id), area);
    t.parent.set(String(area._id), parentId);
    t.name.set(String(area._id), name);
    return String(area._id);
  };
  // three regions › two or three districts › (in some) two neighbourhoods: four levels with the top area
  for (let r = 0; r < 3; r++) {
    const region = await add(`Region ${r}`, t.root);
    const districts = 2 + Math.floor(rand() * 2);
    for (let d = 0; d < districts; d++) {
      const district = await add(`District ${r}.${d}`, region);
      if (rand() < 0.5) for (let n = 0; n < 2; n++) await add(`Patch ${r}.${d}.${n}`, district);
    }
  }
  const areas = [...t.parent.keys()];
  for (let i = 0; i < 36; i++) {
    // most stores in leaves or districts; a couple straight under the top area or a region
    const area = areas[Math.floor(rand() * areas.length)]!;
    const store = await makeStore(business, { name: `Shop ${i}`, timeZone: ZONES[i % ZONES.length], area });
    t.storeArea.set(String(store._id), area);
    t.live.add(String(store._id));
  }
  return t;
}

/** Ratings stored as the submit path stores them (store-local day and hour), the rollups rebuilt by the app's rebuild. */
async function rate(rand: () => number, business: string, t: Tree, count: number) {
  const stores = [...t.storeArea.keys()];
  const zoneOf = new Map((await rawWorld(business)).stores.map((s) => [s._id, s.timeZone]));
  const docs = [];
  for (let n = 0; n < count; n++) {
    const store = stores[Math.floor(Math.pow(rand(), 1.5) * stores.length)]!;
    const zone = zoneOf.get(store)!;
    // around the period edges and the autumn clock changes: within the last 100 days, a third of them in the last 3
    const back = rand() < 0.3 ? rand() * 3 : rand() * 100;
    const at = new Date(NOW.getTime() - back * 86400000);
    const score = 1 + Math.floor(rand() * 5);
    docs.push({
      business,
      store: new Types.ObjectId(store),
      kind: 'experience',
      score: rand() < 0.3 ? 5 : score,
      day: localDay(at, zone),
      hour: localHour(at, zone),
      createdAt: at,
      idempotencyKey: `k${n}`,
      ...(rand() < 0.04 ? { flag: { suspicious: true, reasons: ['burst'] } } : {}),
    });
  }
  await RatingModel.insertMany(docs);
  await rebuildRollups({ check: false, now: NOW });
}

async function checkLeague(
  access: Access,
  t: Tree,
  raw: RawRating[],
  f: RefFilter,
  parent: string,
  level?: number,
) {
  const filter = { period: f.period, from: f.from, to: f.to } as TAnalyticsFilter;
  const scope = await loadScope(access, filter, NOW);
  const got = await areaLeague(access, scope, { parent, level, sort: 'rank' });
  const mine = access.storeIds === null ? null : new Set(access.storeIds);
  const rawWorldLike = { stores: [], staff: [], ratings: raw, events: [], shifts: [] };
  const targetDepth = level ?? depthOf(t, parent) + 1;
  const listed = [...t.parent.keys()].filter((a) => depthOf(t, a) === targetDepth && isUnder(t, a, parent));
  const expected = listed
    .map((a) => ({ id: a, stores: storesUnder(t, a).filter((s) => !mine || mine.has(s)) }))
    .filter((a) => !mine || a.stores.length > 0);
  const ref = new Reference({ ...rawWorldLike, stores: zonesOf(t) }, f, NOW, MIN_SAMPLE);
  const cur = ref.ratings('cur');
  const prev = ref.ratings('prev');
  const want = ref.rankRows(
    expected.map((a) => ({ ...a, list: cur.filter((r) => a.stores.includes(r.store)) })),
  );
  const rows = [...got.ranked, ...got.notRanked];
  expect(rows.map((r) => r.area._id).sort()).toEqual(expected.map((a) => a.id).sort());
  near(got.priorMean, want.prior);
  expect(got.level).toBe(targetDepth);
  for (const row of rows) {
    const w = want.rows.find((r) => r.id === row.area._id)!;
    expect([row.area.name, row.stores, row.ratings, row.rank]).toEqual([
      t.name.get(w.id),
      w.stores.length,
      w.list.length,
      w.rank,
    ]);
    near(row.average, Reference.avg(w.list));
    near(row.csat, Reference.csat(w.list));
    near(row.adjustedAverage, w.adjusted);
    near(row.trend.previousAverage, Reference.avg(prev.filter((r) => w.stores.includes(r.store))));
  }
  return rows.length;
}

let zoneTable: Array<{ _id: string; name: string; timeZone: string; deleted: boolean }> = [];
const zonesOf = (t: Tree) => zoneTable.map((s) => ({ ...s, deleted: !t.live.has(s._id) }));

async function checkOverview(access: Access, t: Tree, raw: RawRating[], f: RefFilter, area: string) {
  const filter = { period: f.period, from: f.from, to: f.to, areas: [area] } as TAnalyticsFilter;
  const scope = await loadScope(access, filter, NOW);
  const mine = access.storeIds === null ? null : new Set(access.storeIds);
  const stores = storesUnder(t, area).filter((s) => !mine || mine.has(s));
  expect(scope.stores.map((s) => s.id).sort()).toEqual([...stores].sort());
  const over = await overview(scope, 'day');
  const ref = new Reference(
    { stores: zonesOf(t), staff: [], ratings: raw, events: [], shifts: [] },
    { ...f, stores: stores.length ? stores : ['none'] },
    NOW,
    MIN_SAMPLE,
  );
  const cur = ref.ratings('cur');
  expect(over.series.reduce((n, p) => n + p.count, 0)).toBe(cur.length);
  for (const point of over.series) {
    const inDay = cur.filter((r) => ref.localDayOf(r) === point.bucket);
    expect(point.count).toBe(inDay.length);
    near(point.average, Reference.avg(inDay));
  }
}

describe('figures by area (property: random tree, ratings in four zones, random moves)', () => {
  it('every area league row and every Overview by area equals a recount over its stores in their own zones', async () => {
    const rand = prng(SEED);
    const owner = await makeUser({ timeZone: 'Europe/London' });
    const business = owner.id;
    const t = await buildTree(rand, business);
    await rate(rand, business, t, 1200);
    const raw = (await rawWorld(business)).ratings;
    zoneTable = (await rawWorld(business)).stores;
    const access = ownerAccess(business);
    const periods: RefFilter[] = [
      { period: 'last30' },
      // across the autumn clock changes of all three zones that have them
      { period: 'custom', from: '2026-09-20', to: '2026-11-09' },
    ];
    const stores = [...t.storeArea.keys()];
    const manager: Access = {
      userId: String(new Types.ObjectId()),
      businessId: business,
      role: 'manager',
      storeIds: stores.filter(() => rand() < 0.4),
    };
    let rowsChecked = 0;
    for (let round = 0; round < 3; round++) {
      for (const f of round === 0 ? periods : [periods[round % 2]!]) {
        for (const parent of [...t.parent.keys()].filter((a) => depthOf(t, a) <= 2))
          rowsChecked += await checkLeague(access, t, raw, f, parent);
        rowsChecked += await checkLeague(access, t, raw, f, t.root, 2);
        rowsChecked += await checkLeague(manager, t, raw, f, t.root);
        rowsChecked += await checkLeague(manager, t, raw, f, t.root, 3);
        for (const area of [...t.parent.keys()].filter(() => rand() < 0.4)) {
          await checkOverview(access, t, raw, f, area);
          await checkOverview(manager, t, raw, f, area);
        }
      }
      // Random moves through the app's own paths: stores to other areas, an area (with its subtree) under another.
      for (let m = 0; m < 6; m++) {
        const store = stores[Math.floor(rand() * stores.length)]!;
        const areas = [...t.parent.keys()];
        const to = areas[Math.floor(rand() * areas.length)]!;
        await updateStore(access, store, { area: to });
        t.storeArea.set(store, to);
      }
      const movable = [...t.parent.keys()].filter((a) => depthOf(t, a) === 2);
      const moving = movable[Math.floor(rand() * movable.length)]!;
      const regions = [...t.parent.keys()].filter((a) => depthOf(t, a) === 1 && a !== t.parent.get(moving));
      const region = regions[Math.floor(rand() * regions.length)]!;
      await updateArea(access, moving, { parent: region });
      t.parent.set(moving, region);
      if (round === 1) {
        // a store closes: it leaves every area's figures
        const closing = stores.find((s) => t.live.has(s))!;
        await deleteStore(access, closing);
        t.live.delete(closing);
      }
    }
    // The world really holds what the property is about.
    expect(rowsChecked).toBeGreaterThan(100);
    expect(new Set(zoneTable.map((s) => s.timeZone)).size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...[...t.parent.keys()].map((a) => depthOf(t, a)))).toBeGreaterThanOrEqual(3);
  });
});
