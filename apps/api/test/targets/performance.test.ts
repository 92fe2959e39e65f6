// Store league and Snapshot against targets: the inherited target, variance, red/amber/green, vs parent and vs peers.
import request from 'supertest';
import { createApp } from '../../src/app';
import { localDay } from '../../src/lib/time';
import { recordRatingInRollups } from '../../src/modules/analytics/rollup.service';
import { ragState } from '../../src/modules/targets/performance';
import { insertArea, rootArea } from '../../src/tenancy/areas';
import { makeMember, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

type Perf = { metric: string; actual: number | null; target: number | null; from: { name: string } | null };
type PerfRow = Perf & {
  variance: number | null;
  state: string | null;
  vsParent: number | null;
  vsPeers: number | null;
};
const averageOf = (metrics: PerfRow[]) => metrics.find((m) => m.metric === 'average')!;

/** top › UK › London (Soho 5,5,4,3 · Camden 2,2), top › US (Austin 5); targets: top 4.0, London 4.3. */
async function world() {
  const owner = await makeUser({ fullname: 'Olive Owner' });
  const root = await rootArea(owner.id);
  const uk = await insertArea(owner.id, 'UK', root);
  const us = await insertArea(owner.id, 'US', root);
  const london = await insertArea(owner.id, 'London', uk);
  const soho = await makeStore(owner.id, { name: 'Soho', area: london._id });
  const camden = await makeStore(owner.id, { name: 'Camden', area: london._id });
  const austin = await makeStore(owner.id, { name: 'Austin', area: us._id, timeZone: 'America/Chicago' });
  const rate = async (store: typeof soho, scores: number[], kind: 'staff' | 'experience' = 'experience') => {
    for (const score of scores)
      await recordRatingInRollups({
        business: owner.user._id,
        store: store._id,
        kind,
        score,
        day: localDay(new Date(), store.timeZone),
      });
  };
  await rate(soho, [5, 5], 'staff');
  await rate(soho, [4, 3]);
  await rate(camden, [2, 2]);
  await rate(austin, [5]);
  const put = (node: string, metric: string, value: number) =>
    request(app).put('/api/v1/targets').set(owner.auth).send({ metric, node, value }).expect(200);
  await put(owner.id, 'average', 4.0);
  await put(String(london._id), 'average', 4.3);
  await put(owner.id, 'staffRatings', 1);
  return { owner, soho, camden, austin, london };
}

const league = async (who: MadeUser, query: Record<string, string> = {}) => {
  const res = await request(app).get('/api/v1/analytics/store-league').query(query).set(who.auth).expect(200);
  const rows = [...res.body.ranked, ...res.body.notRanked] as Array<{
    store: { name: string };
    targets: PerfRow[];
  }>;
  return new Map(rows.map((r) => [r.store.name, r.targets]));
};

describe('GET /api/v1/analytics/store-league with targets', () => {
  it('gives each store its inherited target, variance, state, and its figure against its area and its peers', async () => {
    const { owner } = await world();
    const rows = await league(owner);
    const soho = averageOf(rows.get('Soho')!);
    expect(soho).toMatchObject({ actual: 4.25, target: 4.3, from: { name: 'London' }, state: 'amber' });
    expect(soho.variance).toBeCloseTo(-0.05);
    expect(soho.vsParent).toBeCloseTo(4.25 - 21 / 6); // London pooled: 21 points over 6 ratings
    expect(soho.vsPeers).toBeCloseTo(2.25); // Camden's 2
    expect(averageOf(rows.get('Camden')!)).toMatchObject({ actual: 2, target: 4.3, state: 'red' });
    const austin = averageOf(rows.get('Austin')!);
    expect(austin).toMatchObject({
      actual: 5,
      target: 4,
      from: { name: "Olive Owner's business" },
      state: 'green',
    });
    expect(austin).toMatchObject({ vsParent: 0, vsPeers: null });
    // staff ratings per week per store: Soho's 2 over the 30-day period
    const staff = rows.get('Soho')!.find((m) => m.metric === 'staffRatings')!;
    expect(staff.actual).toBeCloseTo((2 * 7) / 30);
    expect(staff.state).toBe('red');
    expect(rows.get('Soho')!.find((m) => m.metric === 'happy')).toMatchObject({
      actual: 75,
      target: null,
      state: null,
    });
  });

  it('compares a store-limited member’s store only with the stores they cover', async () => {
    const { owner, soho } = await world();
    const manager = await makeMember(owner.id, 'manager', [soho._id]);
    const rows = await league(manager);
    expect([...rows.keys()]).toEqual(['Soho']);
    expect(averageOf(rows.get('Soho')!)).toMatchObject({
      actual: 4.25,
      target: 4.3,
      vsParent: 0,
      vsPeers: null,
    });
  });
});

describe('GET /api/v1/analytics/snapshot with targets', () => {
  it('reports the scope’s node: the top area for every store, the store itself for one store', async () => {
    const { owner, soho, london } = await world();
    const all = await request(app).get('/api/v1/analytics/snapshot').set(owner.auth).expect(200);
    expect(all.body.targets.node).toMatchObject({ kind: 'area', name: "Olive Owner's business" });
    const top = averageOf(all.body.targets.metrics);
    expect(top.actual).toBeCloseTo(26 / 7);
    expect(top).toMatchObject({ target: 4, state: 'red', vsParent: null, vsPeers: null });
    const sohoRow = all.body.stores.find((s: { store: { name: string } }) => s.store.name === 'Soho');
    expect(averageOf(sohoRow.targets).state).toBe('amber');

    const one = await request(app)
      .get('/api/v1/analytics/snapshot')
      .query({ stores: String(soho._id) })
      .set(owner.auth)
      .expect(200);
    expect(one.body.targets.node).toMatchObject({ _id: String(soho._id), kind: 'store', name: 'Soho' });
    expect(averageOf(one.body.targets.metrics).vsPeers).toBeCloseTo(2.25);

    // an area asked for is the node: London against its own target, its region (UK, all London) and its peers (none)
    const area = await request(app)
      .get('/api/v1/analytics/snapshot')
      .query({ areas: String(london._id) })
      .set(owner.auth)
      .expect(200);
    expect(area.body.targets.node).toMatchObject({ _id: String(london._id), kind: 'area', name: 'London' });
    expect(averageOf(area.body.targets.metrics)).toMatchObject({
      target: 4.3,
      state: 'red',
      vsParent: 0,
      vsPeers: null,
    });
  });
});

describe('ragState', () => {
  it('is green at or above the target, amber within 5% below it, red further below', () => {
    expect(ragState(4, 4)).toBe('green');
    expect(ragState(3.8, 4)).toBe('amber');
    expect(ragState(3.79, 4)).toBe('red');
    expect(ragState(null, 4)).toBeNull();
    expect(ragState(3, null)).toBeNull();
  });
});
