// Rating-submit throughput through the real app (createApp + MongoDB via startMongo) beside a bare node:http server.
import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { startMongo } from '@cx/local-mongo';
import { createApp } from '../src/app';
import { withDbName } from '../src/lib/db';
import { logger } from '../src/lib/logger';
import { RatingModel } from '../src/modules/ratings/rating.model';
import { StaffModel } from '../src/modules/staff/staff.model';
import { StoreModel } from '../src/modules/stores/store.model';
import { UserModel } from '../src/modules/users/user.model';
import { newDeviceId } from '../test/helpers/devices';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DURATION_MS = 5000;
const WARMUP_MS = 1000;

interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

function post(
  agent: Agent,
  port: number,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Closed-loop load: CONCURRENCY clients each send the next request as soon as the last is answered. */
async function load(
  port: number,
  path: string,
  makeBody: (n: number) => { body: string; ip: string },
): Promise<Figures> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let n = 0;
  const run = async (until: number, latencies: number[] | null, fails: { n: number }) => {
    while (Date.now() < until) {
      const { body, ip } = makeBody(n++);
      const t0 = performance.now();
      const status = await post(agent, port, path, body, {
        'x-forwarded-for': ip,
        'user-agent': 'bench/1.0',
      });
      if (status !== 201) fails.n += 1;
      latencies?.push(performance.now() - t0);
    }
  };
  const warm = Date.now() + WARMUP_MS;
  await Promise.all(Array.from({ length: CONCURRENCY }, () => run(warm, null, { n: 0 })));
  const latencies: number[] = [];
  const fails = { n: 0 };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, () => run(started + DURATION_MS, latencies, fails)));
  const seconds = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    failures: fails.n,
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** The floor: parse the JSON body and answer a receipt, nothing else. */
function bareServer(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { idempotencyKey: string };
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ _id: body.idempotencyKey, receivedAt: new Date().toISOString() }));
    });
  });
}

const fmt = (f: Figures) =>
  `${f.perSecond.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  (${f.requests} requests, ${f.failures} not 201)`;

export async function run(): Promise<void> {
  // Request logging would measure the terminal, not the API.
  logger.level = 'silent';
  const mongo = await startMongo({ log: () => undefined });
  await mongoose.connect(withDbName(mongo.uri, 'cx_bench_rating_submit'));
  await mongoose.connection.dropDatabase();
  await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).init()));

  const business = await UserModel.create({
    fullname: 'Bench Owner',
    email: 'bench@example.com',
    passwordHash: 'x',
  });
  const store = await StoreModel.create({ business: business._id, name: 'Bench Store', timeZone: 'Europe/London' });
  const staff = await StaffModel.insertMany(
    Array.from({ length: 10 }, (_, i) => ({ business: business._id, name: `Member ${i}`, stores: [store._id] })),
  );

  const app = createServer(createApp());
  const bare = bareServer();
  const [appPort, barePort] = await Promise.all([listen(app), listen(bare)]);
  // One customer per request (own address and phone), as in a day of QR scans: the per-IP limiter and the
  // per-device interval run on every request without refusing it, so the figure is the accepted-rating path.
  const makeBody = (n: number) => ({
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    body: JSON.stringify({
      store: String(store._id),
      staff: String(staff[n % staff.length]!._id),
      score: 2 + (n % 3),
      comment: n % 4 === 0 ? 'Quick and friendly service.' : '',
      tags: n % 2 ? ['Friendly'] : [],
      idempotencyKey: randomUUID(),
      deviceId: newDeviceId(),
      source: 'qr',
    }),
  });

  try {
    const bareFigures = await load(barePort, '/api/v1/feedback/staff-ratings', makeBody);
    const appFigures = await load(appPort, '/api/v1/feedback/staff-ratings', makeBody);
    const stored = await RatingModel.countDocuments();
    console.log(
      `MongoDB backend: ${mongo.backend}; ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each`,
    );
    console.log(`rating-submit (real app)  ${fmt(appFigures)}`);
    console.log(`bare node:http            ${fmt(bareFigures)}`);
    console.log(
      `ratio app/bare: ${(appFigures.perSecond / bareFigures.perSecond).toFixed(3)} (${stored} ratings stored)`,
    );
  } finally {
    await new Promise((r) => app.close(r));
    await new Promise((r) => bare.close(r));
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await mongoose.disconnect();
    await mongo.stop();
  }
}
