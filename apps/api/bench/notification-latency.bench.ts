// Time from a rating's 201 to its notification on a connected socket (p50/p95), with one and with two API instances.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import mongoose from 'mongoose';
import { io as connect, type Socket } from 'socket.io-client';
import { startMongo } from '@cx/local-mongo';
import { withDbName } from '../src/lib/db';
import { makeStore, makeUser } from '../test/factories';
import { startApiProcess, type ApiProcess } from '../test/helpers/api-process';
import { newDeviceId } from '../test/helpers/devices';

const RATINGS = Number(process.env.BENCH_NOTIFY_RATINGS ?? 100);
const REDIS_URL = process.env.CX_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET_P95_MS = 100;
/** A notification not pushed after this long is lost. */
const LOST_AFTER_MS = 20_000;

function redisReachable(url: string): boolean {
  const { hostname, port } = new URL(url);
  const probe = `require('net').createConnection({host:${JSON.stringify(hostname)},port:${Number(port || 6379)}})
    .on('connect',()=>process.exit(0)).on('error',()=>process.exit(1)).setTimeout(1000,()=>process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** One rating at a time (so each latency is its own), the socket on the last instance, submits to the first. */
async function measure(label: string, instances: ApiProcess[], token: string, store: string): Promise<void> {
  const socket: Socket = connect(instances[instances.length - 1]!.url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const arrivals = new Map<string, number>();
  socket.on('notification', (n: { message: string }) => {
    const tag = /bench-[\w-]+/.exec(n.message)?.[0];
    if (tag) arrivals.set(tag, performance.now());
  });
  const latencies: number[] = [];
  for (let i = 0; i < RATINGS + 5; i++) {
    const tag = `bench-${randomUUID()}`;
    const res = await fetch(`${instances[0]!.url}/api/v1/feedback/experience-ratings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` },
      body: JSON.stringify({
        store,
        score: 2,
        comment: tag,
        idempotencyKey: randomUUID(),
        deviceId: newDeviceId(),
      }),
    });
    const answered = performance.now();
    if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
    // Lost, not slow: the figures say how fast; the first ratings load the comment models, and a busy machine is slow.
    const deadline = answered + LOST_AFTER_MS;
    while (!arrivals.has(tag) && performance.now() < deadline) await new Promise((r) => setImmediate(r));
    const arrived = arrivals.get(tag);
    if (arrived === undefined) throw new Error(`no notification for ${tag} within ${LOST_AFTER_MS / 1000} s`);
    // A push can beat the HTTP answer to the client (the fan-out starts before the 201 is flushed): that counts as 0.
    if (i >= 5) latencies.push(Math.max(0, arrived - answered));
  }
  socket.disconnect();
  const sorted = [...latencies].sort((x, y) => x - y);
  const p50 = pct(sorted, 50);
  const p95 = pct(sorted, 95);
  console.log(
    `${label.padEnd(34)} n=${sorted.length}  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ` +
      `(target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'})`,
  );
}

export async function run(): Promise<void> {
  const mongo = await startMongo({ log: () => undefined });
  const dbName = 'cx_bench_notify';
  await mongoose.connect(withDbName(mongo.uri, dbName));
  await mongoose.connection.dropDatabase();
  const owner = await makeUser({ fullname: 'Bench Owner', email: 'bench-notify@example.com' });
  const store = await makeStore(owner.user._id, { name: 'Bench Store' });
  const token = owner.token;
  const started: ApiProcess[] = [];
  try {
    const one = await startApiProcess({ mongoUri: mongo.uri, dbName });
    started.push(one);
    await measure('one instance (in-memory adapter)', [one], token, String(store._id));
    await one.stop();
    started.length = 0;
    if (!redisReachable(REDIS_URL)) {
      console.log(`two instances: skipped, Redis not reachable at ${REDIS_URL}`);
      return;
    }
    started.push(
      ...(await Promise.all(
        [1, 2].map(() => startApiProcess({ mongoUri: mongo.uri, dbName, redisUrl: REDIS_URL })),
      )),
    );
    await measure('two instances (Redis, A → socket B)', started, token, String(store._id));
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await mongoose.disconnect();
    await mongo.stop();
  }
}
