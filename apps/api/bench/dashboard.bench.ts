// Dashboard read cost at 10 k and 1 M raw ratings: p50/p95 of Snapshot, Overview (90 d), both leagues, timeline page 1;
// then an area view (an area of 300 stores at 1 M ratings): its Overview and area league.
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import mongoose from 'mongoose';
import { startMongo } from '@cx/local-mongo';
import { createApp } from '../src/app';
import { withDbName } from '../src/lib/db';
import { logger } from '../src/lib/logger';
import { localDay, localHour } from '../src/lib/time';
import { rebuildRollups } from '../src/modules/analytics/rollup.rebuild';
import { RatingModel } from '../src/modules/ratings/rating.model';
import { makeStaff, makeStore, makeUser } from '../test/factories';
import { AREA_RATINGS, areaCalls, seedAreaView } from './area-view';

const SIZES = (process.env.BENCH_DASHBOARD_SIZES ?? '10000,1000000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_DASHBOARD_SAMPLES ?? 30);
const ZONES = ['Europe/London', 'America/New_York', 'Australia/Sydney'];
const CALLS: Record<string, string> = {
  snapshot: '/api/v1/analytics/snapshot?period=last30',
  'overview 90 d': '/api/v1/analytics/overview?period=last90',
  'staff league': '/api/v1/analytics/staff-league?period=last30',
  'store league': '/api/v1/analytics/store-league?period=last30',
  'timeline p1': '/api/v1/analytics/timeline?period=last30',
};

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

/** A business with 10 stores in three zones and 60 staff, and `size` ratings over the last 180 days. */
async function seed(size: number): Promise<string> {
  const owner = await makeUser({ fullname: 'Bench Owner', email: `bench${size}@example.com` });
  const business = owner.user;
  const stores = [];
  for (let i = 0; i < 10; i++)
    stores.push(await makeStore(business._id, { name: `Store ${i}`, timeZone: ZONES[i % 3]! }));
  const staff = [];
  for (let i = 0; i < 60; i++)
    staff.push(await makeStaff(business._id, [stores[i % 10]!._id], { name: `Person ${i}` }));
  const now = Date.now();
  const batch = 10_000;
  for (let done = 0; done < size; done += batch) {
    const docs = [];
    for (let n = done; n < Math.min(size, done + batch); n++) {
      const s = n % 10;
      const store = stores[s]!;
      const zone = store.timeZone ?? 'UTC';
      const createdAt = new Date(now - ((n * 7919) % (180 * 86400)) * 1000);
      const isStaff = n % 3 !== 0;
      // through the model so each stored rating has every default a submitted one has (flag, tags, outsideShift…)
      docs.push(
        new RatingModel({
          business: business._id,
          store: store._id,
          staff: isStaff ? staff[s + 10 * ((n >> 3) % 6)]!._id : null,
          kind: isStaff ? 'staff' : 'experience',
          score: 1 + ((n * 31) % 5),
          comment: n % 4 === 0 ? `Comment ${n}` : '',
          day: localDay(createdAt, zone),
          hour: localHour(createdAt, zone),
          createdAt,
          updatedAt: createdAt,
        }).toObject(),
      );
    }
    await RatingModel.insertMany(docs, { ordered: false, lean: true });
  }
  await rebuildRollups({ check: false, business: String(business._id) });
  return owner.token;
}

async function measure(
  port: number,
  token: string,
  calls: Record<string, string> = CALLS,
): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const [name, path] of Object.entries(calls)) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 3; i++) {
      const t = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${Buffer.from(body).toString()}`);
      if (i >= 3) times.push(performance.now() - t);
    }
    out[name] = times;
  }
  return out;
}

export async function run(): Promise<void> {
  logger.level = 'error'; // quiet, but a failed call says why
  // the engine in its own process, as mongod would be: a million stored documents must not share the measured heap
  const mongo = await startMongo({ log: () => undefined, engineProcess: true });
  const results = new Map<number, Record<string, number[]>>();
  let area: Record<string, number[]> = {};
  try {
    for (const size of SIZES) {
      await mongoose.connect(withDbName(mongo.uri, `cx_bench_dashboard_${size}`));
      await mongoose.connection.dropDatabase();
      await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).init()));
      const t = performance.now();
      const token = await seed(size);
      console.log(`seeded ${size} ratings (+ rollups) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const server = createServer(createApp());
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      results.set(size, await measure((server.address() as AddressInfo).port, token));
      server.close();
      await mongoose.connection.dropDatabase();
      await mongoose.disconnect();
    }
    area = await measureAreaView(mongo.uri);
  } finally {
    await mongo.stop();
  }
  const [small, large] = [SIZES[0]!, SIZES.at(-1)!];
  console.log(
    `\n${'call'.padEnd(16)}${SIZES.map((s) => `p50/p95 @ ${s}`.padStart(24)).join('')}   ratio p95 ${large}/${small}`,
  );
  for (const name of Object.keys(CALLS)) {
    const cells = SIZES.map((s) => {
      const xs = results.get(s)![name]!;
      return `${pct(xs, 0.5).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)} ms`.padStart(24);
    });
    const ratio = pct(results.get(large)![name]!, 0.95) / pct(results.get(small)![name]!, 0.95);
    console.log(`${name.padEnd(16)}${cells.join('')}   ${ratio.toFixed(2)}`);
  }
  console.log('targets: p95 < 150 ms at 1 M, ratio ≤ 1.5');
  console.log(`\n${'area view'.padEnd(20)}${'p50 / p95'.padStart(22)}`);
  for (const [name, xs] of Object.entries(area))
    console.log(
      `${name.padEnd(20)}${`${pct(xs, 0.5).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)} ms`.padStart(22)}`,
    );
  console.log(`target: p95 < 150 ms for an area of its stores at ${AREA_RATINGS} ratings`);
}

/** The area view (bench/area-view.ts) in its own database. */
async function measureAreaView(uri: string): Promise<Record<string, number[]>> {
  await mongoose.connect(withDbName(uri, 'cx_bench_dashboard_area'));
  await mongoose.connection.dropDatabase();
  await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).init()));
  const t = performance.now();
  const seeded = await seedAreaView();
  const took = ((performance.now() - t) / 1000).toFixed(1);
  console.log(
    `area view: ${seeded.stores} stores in the area, rollups of ${AREA_RATINGS} ratings (${seeded.rows} rows) in ${took} s`,
  );
  const server = createServer(createApp());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  try {
    // what the measured call acts on: the region's districts and the ratings their stores hold
    const league = (await (
      await fetch(`http://127.0.0.1:${port}${areaCalls(seeded.region)['area league']}`, {
        headers: { authorization: `Bearer ${seeded.token}` },
      })
    ).json()) as { ranked: Array<{ ratings: number }>; notRanked: Array<{ ratings: number }> };
    const rows = [...league.ranked, ...league.notRanked];
    const ratings = rows.reduce((n, r) => n + r.ratings, 0);
    console.log(`area league lists ${rows.length} districts holding ${ratings} ratings of the last 30 days`);
    return await measure(port, seeded.token, areaCalls(seeded.region));
  } finally {
    server.close();
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
}
