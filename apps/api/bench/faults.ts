// Load and fault runs for rating submits (loopback only, bounded): full load, SIGTERM mid-run, MongoDB gone for 10 s.
// Usage: pnpm --filter @cx/api exec tsx bench/faults.ts [load|sigterm|outage|all] [seconds=60] (needs `pnpm build`).
// Each run prints `acknowledged N, stored N, lost 0` with its rate and p99, and exits non-zero when anything is lost.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer as createTcpServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { startMongo } from '@cx/local-mongo';
import { withDbName } from '../src/lib/db';
import { RollupModel } from '../src/modules/analytics/rollup.model';
import { RatingModel } from '../src/modules/ratings/rating.model';
import { StaffModel } from '../src/modules/staff/staff.model';
import { StoreModel } from '../src/modules/stores/store.model';
import { UserModel } from '../src/modules/users/user.model';
import { freePort } from '../test/helpers/api-process';

const name = (m: { collection: { collectionName: string } }) => m.collection.collectionName;

type Mode = 'load' | 'sigterm' | 'outage';
const CONNECTIONS = Number(process.env.FAULTS_CONNECTIONS ?? 16);
const OUTAGE_MS = 10_000;

/** A TCP hop between the API and MongoDB that can drop every connection and refuse new ones: an outage on demand. */
function outageProxy(target: { host: string; port: number }, port: number) {
  let down = false;
  const open = new Set<Socket>();
  const server: Server = createTcpServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    listen: () => new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r())),
    cut() {
      down = true;
      for (const s of open) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function startApi(port: number, mongoUri: string, dbName: string): ChildProcess {
  const api = spawn(process.execPath, [join(__dirname, '..', 'dist', 'server.js')], {
    cwd: join(__dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGODB_URI: mongoUri,
      MONGODB_DB: dbName,
      SEED_DEMO: 'never',
      RATE_LIMIT_DISABLED: '1',
      REDIS_URL: '',
      LOG_LEVEL: 'fatal',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return api;
}

async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`API did not come up at ${url}`);
}

interface Counters {
  acked: Set<string>;
  statuses: Map<number, number>;
  /** Bodies answered 503: the customer page's outbox keeps them and sends them again later. */
  outbox: string[];
}

async function recount(db: mongoose.Connection, acked: Set<string>) {
  const ratings = db.collection(name(RatingModel));
  const ids = new Set(
    (await ratings.find({}, { projection: { _id: 1 } }).toArray()).map((r) => String(r._id)),
  );
  const lost = [...acked].filter((id) => !ids.has(id)).length;
  const [fromRatings] = await ratings
    .aggregate<{ n: number; sum: number }>([
      { $match: { 'flag.suspicious': false } },
      { $group: { _id: null, n: { $sum: 1 }, sum: { $sum: '$score' } } },
    ])
    .toArray();
  const [fromRollups] = await db
    .collection(name(RollupModel))
    .aggregate<{ n: number; sum: number }>([
      { $match: { staff: null, metric: { $in: ['staff', 'experience'] } } },
      { $group: { _id: null, n: { $sum: '$count' }, sum: { $sum: '$scoreSum' } } },
    ])
    .toArray();
  return {
    stored: ids.size,
    lost,
    recount: { n: fromRatings?.n ?? 0, sum: fromRatings?.sum ?? 0 },
    rollups: { n: fromRollups?.n ?? 0, sum: fromRollups?.sum ?? 0 },
  };
}

async function runMode(mode: Mode, seconds: number): Promise<boolean> {
  const mongo = await startMongo({ log: () => undefined });
  const direct = mongo.uri;
  const dbName = `cx_faults_${mode}`;
  const db = await mongoose.createConnection(withDbName(direct, dbName)).asPromise();
  await db.dropDatabase();
  const owner = await db.collection(name(UserModel)).insertOne({
    fullname: 'Faults Owner',
    email: 'faults@example.com',
    passwordHash: 'x',
    subscriptionStatus: 'active',
  });
  const store = await db.collection(name(StoreModel)).insertOne({
    owner: owner.insertedId,
    name: 'Faults Store',
    timeZone: 'Europe/London',
    deletedAt: null,
    interfaces: { interface1: { status: true }, interface2: { status: true }, interface3: { status: true } },
  });
  const staff = await db.collection(name(StaffModel)).insertMany(
    Array.from({ length: 10 }, (_, i) => ({
      owner: owner.insertedId,
      name: `Member ${i}`,
      stores: [store.insertedId],
      active: true,
      deletedAt: null,
    })),
  );
  const staffIds = Object.values(staff.insertedIds).map(String);

  const { host, port: mongoPort } = new URL(direct.replace(/^mongodb:/, 'http:'));
  const proxyPort = await freePort();
  const proxy = outageProxy({ host, port: Number(mongoPort) }, proxyPort);
  await proxy.listen();
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  let api = startApi(apiPort, `mongodb://127.0.0.1:${proxyPort}/`, dbName);
  await waitForHealth(apiUrl);

  const c: Counters = { acked: new Set(), statuses: new Map(), outbox: [] };
  let n = 0;
  const events: string[] = [];
  const half = (seconds * 1000) / 2;
  const faults: Array<Promise<void>> = [];
  const started = Date.now();
  if (mode === 'sigterm') {
    faults.push(
      new Promise<void>((resolve) => {
        setTimeout(() => {
          const old = api;
          old.once('exit', (code) => {
            events.push(`SIGTERM at ${((Date.now() - started) / 1000).toFixed(1)} s: drained, exit ${code}`);
            api = startApi(apiPort, `mongodb://127.0.0.1:${proxyPort}/`, dbName);
            waitForHealth(apiUrl).then(() => {
              events.push(`restarted, serving at ${((Date.now() - started) / 1000).toFixed(1)} s`);
              resolve();
            }, resolve);
          });
          old.kill('SIGTERM');
        }, half);
      }),
    );
  }
  if (mode === 'outage') {
    faults.push(
      new Promise<void>((resolve) => {
        setTimeout(
          () => {
            proxy.cut();
            events.push(`MongoDB unreachable at ${((Date.now() - started) / 1000).toFixed(1)} s`);
            setTimeout(() => {
              proxy.restore();
              events.push(`MongoDB back at ${((Date.now() - started) / 1000).toFixed(1)} s`);
              resolve();
            }, OUTAGE_MS);
          },
          half - OUTAGE_MS / 2,
        );
      }),
    );
  }

  const result = await autocannon({
    url: apiUrl,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/feedback/staff-ratings',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req, context) => {
          const i = n++;
          const body = JSON.stringify({
            store: String(store.insertedId),
            staff: staffIds[i % staffIds.length],
            score: 1 + (i % 5),
            idempotencyKey: randomUUID(),
            deviceId: `faults-${i}`,
          });
          (context as { body?: string }).body = body;
          return {
            ...req,
            body,
            headers: {
              ...req.headers,
              'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
          };
        },
        onResponse: (status, body, context) => {
          c.statuses.set(status, (c.statuses.get(status) ?? 0) + 1);
          if (status === 201) c.acked.add((JSON.parse(body) as { _id: string })._id);
          else if (status === 503) c.outbox.push((context as { body?: string }).body ?? '');
        },
      },
    ],
  });
  await Promise.all(faults);

  // The outbox: what was refused with 503 goes again with the same key once the API answers.
  let delivered = 0;
  for (const body of c.outbox) {
    const res = await fetch(`${apiUrl}/api/v1/feedback/staff-ratings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (res.status === 201) {
      delivered += 1;
      c.acked.add(((await res.json()) as { _id: string })._id);
    }
  }

  const alive = api.exitCode === null;
  const counted = await recount(db, c.acked);
  const statuses = [...c.statuses.entries()].map(([s, k]) => `${s}×${k}`).join(' ');
  const rollupsOk = counted.rollups.n === counted.recount.n && counted.rollups.sum === counted.recount.sum;
  console.log(`\n== ${mode}: ${seconds} s, ${CONNECTIONS} connections`);
  for (const e of events) console.log(`   ${e}`);
  console.log(
    `   rate ${result.requests.average.toFixed(0)} req/s (max ${result.requests.max}), ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; statuses ${statuses}; ` +
      `socket errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  if (mode === 'outage')
    console.log(`   outbox: ${c.outbox.length} refused with 503, ${delivered} delivered afterwards`);
  console.log(
    `   rollups ${counted.rollups.n} ratings / ${counted.rollups.sum} stars, ` +
      `recount ${counted.recount.n} / ${counted.recount.sum} ${rollupsOk ? '(equal)' : '(DIFFERENT)'}; API ${alive ? 'still running' : 'exited'}`,
  );
  console.log(`   acknowledged ${c.acked.size}, stored ${counted.stored}, lost ${counted.lost}`);

  await new Promise<void>((resolve) => {
    if (api.exitCode !== null) return resolve();
    api.once('exit', () => resolve());
    api.kill('SIGTERM');
  });
  await proxy.close();
  await db.close();
  await mongo.stop();
  return counted.lost === 0 && rollupsOk && alive;
}

async function main(): Promise<number> {
  const arg = process.argv[2] ?? 'all';
  const seconds = Number(process.argv[3] ?? 60);
  const modes: Mode[] = arg === 'all' ? ['load', 'sigterm', 'outage'] : [arg as Mode];
  let ok = true;
  for (const mode of modes) ok = (await runMode(mode, seconds)) && ok;
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
