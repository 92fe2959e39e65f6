// `bench abuse`: a scripted attacker from one machine against one staff member, and 50 honest phones on one shop network.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import FakeTimers, { type Clock } from '@sinonjs/fake-timers';
import mongoose, { type Types } from 'mongoose';
import request from 'supertest';
import { startMongo } from '@cx/local-mongo';
import { createApp } from '../src/app';
import { withDbName } from '../src/lib/db';
import { logger } from '../src/lib/logger';
import { RatingModel } from '../src/modules/ratings/rating.model';
import { makeStaff, makeStore, makeUser } from '../test/factories';

const MINUTES = Number(process.env.ABUSE_MINUTES ?? 10);
const HONEST_PHONES = Number(process.env.ABUSE_PHONES ?? 50);
const ATTACKER_IP = '203.0.113.7';
const SHOP_IP = '198.51.100.20';
const UAS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
];

/** Deterministic pseudo-random numbers (mulberry32), so every run replays the same day. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Shop {
  /** The owner's bearer token. */
  token: string;
  store: Types.ObjectId;
  staff: Types.ObjectId[];
}

/** A subscribed business with its owner's membership, one store and its staff (the tests' factories). */
async function makeShop(label: string, staffCount: number): Promise<Shop> {
  const owner = await makeUser({ fullname: `${label} Owner` });
  const store = await makeStore(owner.user._id, { name: label });
  const staff = [];
  for (let i = 0; i < staffCount; i++)
    staff.push((await makeStaff(owner.user._id, [store._id], { name: `Person ${i + 1}` }))._id);
  return { token: owner.token, store: store._id, staff };
}

type Http = ReturnType<typeof request>;

interface Client {
  ip: string;
  ua: string;
}

async function mintDevice(http: Http, c: Client): Promise<string | undefined> {
  const res = await http
    .post('/api/v1/feedback/device')
    .set('x-forwarded-for', c.ip)
    .set('user-agent', c.ua)
    .send({});
  if (res.status === 201) return (res.body as { deviceId: string }).deviceId;
  // An API without issued ids (the comparison run on older code): the browser makes its own, as the web app did.
  return res.status === 404 ? randomUUID() : undefined;
}

async function rate(
  http: Http,
  c: Client,
  body: Record<string, unknown>,
  staff: Types.ObjectId | null,
): Promise<number> {
  const path = staff ? '/api/v1/feedback/staff-ratings' : '/api/v1/feedback/experience-ratings';
  const res = await http
    .post(path)
    .set('x-forwarded-for', c.ip)
    .set('user-agent', c.ua)
    .send({ ...body, ...(staff ? { staff: String(staff) } : {}), idempotencyKey: randomUUID() });
  return res.status;
}

interface Tally {
  sent: number;
  accepted: number;
}

/** Ratings of `staff` the staff league table counts (flagged ones are left out), read as the owner sees them. */
async function leagueCount(http: Http, shop: Shop, staff: Types.ObjectId | null): Promise<number> {
  const res = await http
    .get('/api/v1/analytics/staff-league?period=last7')
    .set('authorization', `Bearer ${shop.token}`);
  if (res.status !== 200) throw new Error(`league answered ${res.status}`);
  const league = res.body as { ranked: LeagueRow[]; notRanked: LeagueRow[] };
  const rows = [...league.ranked, ...league.notRanked];
  if (staff) return rows.find((r) => r.staff._id === String(staff))?.ratings ?? 0;
  return rows.reduce((n, r) => n + r.ratings, 0);
}
interface LeagueRow {
  staff: { _id: string };
  ratings: number;
}

type Strategy = (http: Http, n: number) => Promise<number>;

/** The attacker's tricks, tried in turn, one request per simulated second (minting costs an extra request). */
function attackerStrategies(shop: Shop, ownId: string | undefined): Record<string, Strategy> {
  const target = shop.staff[0]!;
  const store = String(shop.store);
  const base = (n: number) => ({ store, score: n % 3 === 0 ? 4 : 5 });
  const me = (ua = UAS[0]!) => ({ ip: ATTACKER_IP, ua });
  return {
    'one device id, reused': (http, n) => rate(http, me(), { ...base(n), deviceId: ownId }, target),
    'made-up device id each time': (http, n) =>
      rate(http, me(), { ...base(n), deviceId: randomUUID() }, target),
    'no device id': (http, n) => rate(http, me(), base(n), target),
    'new User-Agent each time': (http, n) =>
      rate(http, me(`Mozilla/5.0 (X11; Linux x86_64) Bench/${n}`), { ...base(n), deviceId: ownId }, target),
    'claims to be a kiosk': (http, n) => rate(http, me(), { ...base(n), source: 'kiosk' }, target),
    'mints a new device id each time': async (http, n) => {
      const deviceId = await mintDevice(http, me());
      return rate(http, me(), { ...base(n), deviceId }, target);
    },
    'eight 3-star ratings at once (fresh ids)': async (http) => {
      const ids = await Promise.all(Array.from({ length: 8 }, () => mintDevice(http, me())));
      const statuses = await Promise.all(
        ids.map((deviceId) => rate(http, me(), { store, score: 3, deviceId }, target)),
      );
      return statuses.filter((s) => s === 201).length === 8 ? 201 : statuses.find((s) => s !== 201)!;
    },
  };
}

async function attack(http: Http, clock: Clock, start: number): Promise<void> {
  const shop = await makeShop('Attacked Shop', 4);
  const ownId = await mintDevice(http, { ip: ATTACKER_IP, ua: UAS[0]! });
  const strategies = attackerStrategies(shop, ownId);
  const names = Object.keys(strategies);
  const tallies = new Map(names.map((n) => [n, { sent: 0, accepted: 0 } as Tally]));
  const seconds = MINUTES * 60;
  for (let s = 0; s < seconds; s += 1) {
    clock.setSystemTime(start + s * 1000);
    const name = names[s % names.length]!;
    const tally = tallies.get(name)!;
    const volley = name.startsWith('eight');
    if (volley && s % 60 !== 6) continue; // a volley once a minute
    const status = await strategies[name]!(http, s);
    tally.sent += volley ? 8 : 1;
    if (status === 201) tally.accepted += volley ? 8 : 1;
  }
  const target = shop.staff[0]!;
  const [flagged, stored, counted] = await Promise.all([
    RatingModel.countDocuments({ staff: target, 'flag.suspicious': true }),
    RatingModel.countDocuments({ staff: target }),
    leagueCount(http, shop, target),
  ]);
  console.log(`attacker: one machine (${ATTACKER_IP}), ${MINUTES} minutes, one staff member`);
  console.log('  strategy                                   sent  accepted');
  for (const [name, t] of tallies)
    console.log(`  ${name.padEnd(42)} ${String(t.sent).padStart(4)}  ${String(t.accepted).padStart(8)}`);
  const sent = [...tallies.values()].reduce((n, t) => n + t.sent, 0);
  console.log(
    `  total: sent ${sent}, accepted ${stored}, counted in the league table ${counted}, flagged ${flagged}`,
  );
  console.log(`  ratio counted/sent: ${(counted / Math.max(1, sent)).toFixed(3)}`);
}

async function honest(http: Http, clock: Clock, start: number): Promise<number> {
  const shop = await makeShop('Honest Shop', 5);
  const random = rng(20261125);
  const pickScore = () => {
    const r = random();
    return r < 0.03 ? 1 : r < 0.07 ? 2 : r < 0.15 ? 3 : r < 0.4 ? 4 : 5;
  };
  const phones = Array.from({ length: HONEST_PHONES }, (_, i) => ({
    at: start + Math.floor(random() * MINUTES * 60_000),
    ua: UAS[i % UAS.length]!,
  })).sort((a, b) => a.at - b.at);
  let sent = 0;
  let accepted = 0;
  for (const phone of phones) {
    clock.setSystemTime(phone.at);
    const c = { ip: SHOP_IP, ua: phone.ua };
    const deviceId = await mintDevice(http, c);
    const store = String(shop.store);
    const staff = shop.staff[Math.floor(random() * shop.staff.length)]!;
    sent += 1;
    if ((await rate(http, c, { store, score: pickScore(), deviceId }, staff)) === 201) accepted += 1;
    if (random() < 0.5) {
      sent += 1;
      if ((await rate(http, c, { store, score: pickScore(), deviceId }, null)) === 201) accepted += 1;
    }
  }
  const [flagged, counted] = await Promise.all([
    RatingModel.countDocuments({ store: shop.store, 'flag.suspicious': true }),
    leagueCount(http, shop, null),
  ]);
  console.log(
    `honest: ${HONEST_PHONES} phones on one shop network (${SHOP_IP}), ${MINUTES} minutes, 5 staff + experience`,
  );
  console.log(
    `  sent ${sent}, accepted ${accepted}, staff ratings counted in the league table ${counted}, flagged ${flagged}`,
  );
  return flagged;
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
}

export async function run(): Promise<void> {
  logger.level = 'silent';
  const mongo = await startMongo({ log: () => undefined });
  await mongoose.connect(withDbName(mongo.uri, 'cx_bench_abuse'));
  await mongoose.connection.dropDatabase();
  await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).init()));
  // Simulated time: only Date moves (timers stay real), so the rate limits' memory windows and the anti-gaming
  // windows see ten minutes pass in a few seconds. Redis is left out, as its windows run on its own clock.
  const start = Date.UTC(2026, 10, 25, 10, 0, 0);
  const clock = FakeTimers.withGlobal(globalThis).install({ toFake: ['Date'], now: start });
  const server = createServer(createApp({ trustProxy: 1 }));
  await listen(server);
  const http = request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`) as unknown as Http;
  try {
    await attack(http, clock, start);
    const flagged = await honest(http, clock, start + 60 * 60_000);
    console.log(`honest phones flagged: ${flagged} (must be 0)`);
    if (flagged > 0) process.exitCode = 1;
  } finally {
    clock.uninstall();
    server.close();
    await mongoose.disconnect();
    await mongo.stop();
  }
}
