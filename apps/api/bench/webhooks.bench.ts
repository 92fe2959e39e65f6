// Webhooks under load: rating events to local endpoints (one slow, one failing) through the real app and worker.
import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { startMongo } from '@cx/local-mongo';
import { createApp } from '../src/app';
import { env } from '../src/config/env';
import { withDbName } from '../src/lib/db';
import { logger } from '../src/lib/logger';
import { WebhookDeliveryModel, WebhookEndpointModel } from '../src/modules/integrations/webhook.model';
import { createWebhookWorker } from '../src/modules/integrations/webhooks.worker';
import { newWebhookSecret } from '../src/modules/integrations/webhooks.signing';
import { StaffModel } from '../src/modules/staff/staff.model';
import { StoreModel } from '../src/modules/stores/store.model';
import { UserModel } from '../src/modules/users/user.model';
import { newDeviceId } from '../test/helpers/devices';

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Rating events submitted with webhooks configured (each one goes to every endpoint). */
const EVENTS = knob('BENCH_WEBHOOK_EVENTS', 10_000);
const ENDPOINTS = knob('BENCH_WEBHOOK_ENDPOINTS', 20);
/** Submits measured without any endpoint, for the p95 comparison. */
const BASELINE = knob('BENCH_WEBHOOK_BASELINE', 2_000);
const CLIENTS = knob('BENCH_CONCURRENCY', 16);
const SLOW_MS = knob('BENCH_WEBHOOK_SLOW_MS', 1_000);
const WORKER_CONCURRENCY = knob('BENCH_WEBHOOK_WORKER_CONCURRENCY', 64);
const WAIT_S = knob('BENCH_WEBHOOK_WAIT_S', 900);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

function post(agent: Agent, port: number, path: string, body: string, ip: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': 'bench/1.0' },
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

/** `count` submits from CLIENTS closed-loop clients: the latencies and how many were not 201. */
async function submit(port: number, count: number, makeBody: (n: number) => { body: string; ip: string }) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const client = async () => {
    while (next < count) {
      const { body, ip } = makeBody(next++);
      const t0 = performance.now();
      if ((await post(agent, port, '/api/v1/feedback/staff-ratings', body, ip)) !== 201) failures += 1;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  agent.destroy();
  return { latencies, failures };
}

interface Endpoint {
  server: Server;
  url: string;
  kind: 'ok' | 'slow' | 'failing';
  latencies: number[];
}

/** A receiver; its latencies are receipt time minus the event's timestamp (the rating's creation). */
async function receiver(kind: Endpoint['kind']): Promise<Endpoint> {
  const latencies: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = () => res.writeHead(kind === 'failing' ? 500 : 200).end();
      if (kind !== 'failing') {
        const { timestamp } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
        latencies.push(Date.now() - Date.parse(timestamp) + (kind === 'slow' ? SLOW_MS : 0));
      }
      if (kind === 'slow') setTimeout(answer, SLOW_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, kind, latencies };
}

export async function run(): Promise<void> {
  logger.level = 'silent';
  env.WEBHOOKS_ALLOW_PRIVATE = true;
  env.RATE_LIMIT_DISABLED = true;
  const mongo = await startMongo({ log: () => undefined });
  await mongoose.connect(withDbName(mongo.uri, 'cx_bench_webhooks'));
  await mongoose.connection.dropDatabase();
  await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).init()));
  const business = await UserModel.create({
    fullname: 'Bench Owner',
    email: 'bench@example.com',
    passwordHash: 'x',
  });
  const store = await StoreModel.create({
    business: business._id,
    name: 'Bench Store',
    timeZone: 'Europe/London',
  });
  const staff = await StaffModel.insertMany(
    Array.from({ length: 10 }, (_, i) => ({
      business: business._id,
      name: `Member ${i}`,
      stores: [store._id],
    })),
  );
  const app = createServer(createApp());
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const port = (app.address() as AddressInfo).port;
  let customer = 0;
  const makeBody = () => {
    const n = customer++;
    return {
      ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      body: JSON.stringify({
        store: String(store._id),
        staff: String(staff[n % staff.length]!._id),
        score: 1 + (n % 5),
        idempotencyKey: randomUUID(),
        deviceId: newDeviceId(),
        source: 'qr',
      }),
    };
  };

  const kinds: Endpoint['kind'][] = Array.from({ length: ENDPOINTS }, (_, i) =>
    i === 0 ? 'slow' : i === 1 ? 'failing' : 'ok',
  );
  const endpoints = await Promise.all(kinds.map(receiver));
  const worker = createWebhookWorker({ concurrency: WORKER_CONCURRENCY, pollMs: 100 });
  try {
    const without = await submit(port, BASELINE, makeBody);
    await WebhookEndpointModel.insertMany(
      endpoints.map((e) => ({
        business: business._id,
        url: e.url,
        events: ['rating.created', 'rating.flagged'],
        secrets: [{ key: newWebhookSecret() }],
      })),
    );
    worker.start();
    const started = Date.now();
    const withHooks = await submit(port, EVENTS, makeBody);
    const submitSeconds = (Date.now() - started) / 1000;
    const healthy = endpoints.filter((e) => e.kind !== 'failing');
    const want = EVENTS * healthy.length;
    const deadline = Date.now() + WAIT_S * 1000;
    let delivered = 0;
    while (Date.now() < deadline) {
      delivered = healthy.reduce((n, e) => n + e.latencies.length, 0);
      if (delivered >= want) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (Date.now() - started) / 1000;
    const all = healthy.flatMap((e) => e.latencies);
    const fast = healthy.filter((e) => e.kind === 'ok').flatMap((e) => e.latencies);
    const failing = await WebhookDeliveryModel.countDocuments({ attempts: { $gte: 1 }, status: 'pending' });
    console.log(
      `MongoDB backend: ${mongo.backend}; ${EVENTS} rating events × ${ENDPOINTS} endpoints (1 slow ${SLOW_MS} ms, 1 failing); ${CLIENTS} submitting clients; worker concurrency ${WORKER_CONCURRENCY}`,
    );
    console.log(
      `submit p95 without webhooks ${quantile(without.latencies, 0.95).toFixed(1)} ms (${BASELINE} submits, ${without.failures} not 201)`,
    );
    console.log(
      `submit p95 with ${ENDPOINTS} endpoints ${quantile(withHooks.latencies, 0.95).toFixed(1)} ms (${EVENTS} submits in ${submitSeconds.toFixed(1)} s, ${withHooks.failures} not 201)`,
    );
    console.log(
      `delivered ${delivered}/${want} to healthy endpoints in ${seconds.toFixed(1)} s: ${(delivered / seconds).toFixed(0)} deliveries/s`,
    );
    console.log(
      `delivery latency (event → receipt) p50 ${quantile(all, 0.5).toFixed(0)} ms, p95 ${quantile(all, 0.95).toFixed(0)} ms; fast endpoints only p95 ${quantile(fast, 0.95).toFixed(0)} ms; failing endpoint: ${failing} deliveries waiting to retry`,
    );
  } finally {
    await worker.stop();
    await new Promise((r) => app.close(r));
    await Promise.all(endpoints.map((e) => new Promise((r) => e.server.close(r))));
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await mongoose.disconnect();
    await mongo.stop();
  }
}
