// Property (#35): on a random tree with random grants and random moves, an area-level member never sees a store
// outside their subtree (store list and store league), before or after a move; the oracle walks `parent` links itself.
import fc from 'fast-check';
import { Types } from 'mongoose';
import request from 'supertest';
import { createApp } from '../../src/app';
import { StoreModel } from '../../src/modules/stores/store.model';
import { AreaModel, areaNameKey } from '../../src/tenancy/area.model';
import { makeAreaMember, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
jest.setTimeout(120_000);
const app = createApp();

/** Region › district › sub-district under the top area: ≥ 3 levels, each node 1–3 children. */
const treeArb = fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }), {
  minLength: 2,
  maxLength: 3,
});
const grantArb = fc.record({
  role: fc.constantFrom<'manager' | 'viewer'>('manager', 'viewer'),
  areas: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
  stores: fc.array(fc.nat(), { maxLength: 2 }),
});
const moveArb = fc.record({ area: fc.boolean(), what: fc.nat(), to: fc.nat() });

interface World {
  owner: MadeUser;
  areas: Types.ObjectId[];
  stores: Types.ObjectId[];
}

/** The tree and ≥ 30 stores in three bulk writes: every area knows its parent and its ancestors. */
async function build(shape: number[][], storeSpots: number[]): Promise<World> {
  const owner = await makeUser();
  const root = new Types.ObjectId(owner.id);
  const docs: Array<{ _id: Types.ObjectId; parent: Types.ObjectId; ancestors: Types.ObjectId[]; name: string }> =
    [];
  const add = (name: string, parent: Types.ObjectId, ancestors: Types.ObjectId[]) => {
    const doc = { _id: new Types.ObjectId(), parent, ancestors: [...ancestors, parent], name };
    docs.push(doc);
    return doc;
  };
  shape.forEach((districts, r) => {
    const region = add(`Region ${r}`, root, []);
    districts.forEach((subs, d) => {
      const district = add(`District ${r}.${d}`, region._id, region.ancestors);
      for (let s = 0; s < subs; s += 1) add(`Patch ${r}.${d}.${s}`, district._id, district.ancestors);
    });
  });
  await AreaModel.insertMany([
    { _id: root, business: root, name: 'Top', nameKey: 'top', parent: null, ancestors: [], isRoot: true },
    ...docs.map((d) => ({ ...d, business: root, nameKey: areaNameKey(d.name) })),
  ]);
  const areas = [root, ...docs.map((d) => d._id)];
  const stores = await StoreModel.insertMany(
    storeSpots.map((spot, i) => ({
      business: root,
      name: `Store ${i}`,
      timeZone: 'UTC',
      area: areas[1 + (spot % (areas.length - 1))],
    })),
  );
  return { owner, areas, stores: stores.map((s) => s._id) };
}

/** The oracle: each store's chain of areas walked up through `parent`, read straight from the database. */
async function expectedStores(business: string, grant: { areas: string[]; stores: string[] }) {
  const areas = await AreaModel.find({ business }, { parent: 1 }).lean();
  const parentOf = new Map(areas.map((a) => [String(a._id), a.parent ? String(a.parent) : null]));
  const stores = await StoreModel.find({ business, deletedAt: null }, { area: 1 }).lean();
  return stores
    .filter((s) => {
      if (grant.stores.includes(String(s._id))) return true;
      for (let a: string | null = String(s.area); a; a = parentOf.get(a) ?? null)
        if (grant.areas.includes(a)) return true;
      return false;
    })
    .map((s) => String(s._id))
    .sort();
}

async function check(w: World, member: MadeUser, grant: { areas: string[]; stores: string[] }) {
  const want = await expectedStores(w.owner.id, grant);
  const listed = (await request(app).get('/api/v1/store').set(member.auth).expect(200)).body.stores;
  expect(listed.map((s: { _id: string }) => s._id).sort()).toEqual(want);
  const league = (await request(app).get('/api/v1/analytics/store-league').set(member.auth).expect(200)).body;
  const rows = [...league.ranked, ...league.notRanked].map((r: { store: { _id: string } }) => r.store._id);
  expect(rows.filter((id: string) => !want.includes(id))).toEqual([]);
  const outside = w.stores.map(String).find((id) => !want.includes(id));
  if (outside) {
    const res = await request(app).get('/api/v1/analytics/snapshot').query({ stores: outside }).set(member.auth);
    expect(res.status).toBe(404);
  }
}

describe('area-level members (property: random tree, grants and moves)', () => {
  it('never see a store outside their subtree, before or after stores and areas move', async () => {
    await fc.assert(
      fc.asyncProperty(
        treeArb,
        fc.array(fc.nat(), { minLength: 30, maxLength: 40 }),
        fc.array(grantArb, { minLength: 1, maxLength: 3 }),
        fc.array(moveArb, { minLength: 1, maxLength: 4 }),
        async (shape, spots, grants, moves) => {
          const w = await build(shape, spots);
          const members = [];
          for (const g of grants) {
            const grant = {
              areas: [...new Set(g.areas.map((i) => String(w.areas[1 + (i % (w.areas.length - 1))])))],
              stores: [...new Set(g.stores.map((i) => String(w.stores[i % w.stores.length])))],
            };
            members.push({ grant, member: await makeAreaMember(w.owner.id, g.role, grant.areas, grant.stores) });
          }
          for (const m of members) await check(w, m.member, m.grant);
          for (const mv of moves) {
            if (mv.area) {
              // An area to somewhere outside its own subtree (the API refuses a cycle with 409).
              const area = w.areas[1 + (mv.what % (w.areas.length - 1))]!;
              const to = w.areas[mv.to % w.areas.length]!;
              const res = await request(app)
                .patch(`/api/v1/areas/${area}`)
                .set(w.owner.auth)
                .send({ parent: String(to) });
              // Names are unique across this tree, so the only refusal is a cycle.
              if (res.status !== 200) expect([res.status, res.body.code]).toEqual([409, 'AREA_CYCLE']);
            } else {
              const store = w.stores[mv.what % w.stores.length]!;
              const to = w.areas[mv.to % w.areas.length]!;
              await request(app)
                .put(`/api/v1/store/${store}`)
                .set(w.owner.auth)
                .send({ area: String(to) })
                .expect(200);
            }
            for (const m of members) await check(w, m.member, m.grant);
          }
        },
      ),
      { numRuns: 6 },
    );
  });
});
