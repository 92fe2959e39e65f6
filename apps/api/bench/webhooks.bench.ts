// Webhooks under load: rating events to local endpoints (one slow, one failing) through the real app and worker.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import { env } from '../src/config/env';
import { logger } from '../src/lib/logger';
import { WebhookDeliveryModel, WebhookEndpointModel } from '../src/modules/integrations/webhook.model';
import { createWebhookWorker } from '../src/modules/integrations/webhooks.worker';
import { newWebhookSecret } from '../src/modules/integrations/webhooks.signing';
import {
  backendLabel,
  benchBusiness,
  benchDb,
  closedLoop,
  listen,
  quantile,
  ratingRequest,
  type BenchBusiness,
} from './support';

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Rating events submitted with webhooks configured (each one goes to every endpoint). */
const EVENTS = knob('BENCH_WEBHOOK_EVENTS', 10_000);
const ENDPOINTS = knob('BENCH_WEBHOOK_ENDPOINTS', 20);
/** A chain: the ratings spread over its stores, as a day's would. */
const STORES = knob('BENCH_WEBHOOK_STORES', 10);
const CLIENTS = knob('BENCH_CONCURRENCY', 16);
const SLOW_MS = knob('BENCH_WEBHOOK_SLOW_MS', 1_000);
const WORKER_CONCURRENCY = knob('BENCH_WEBHOOK_WORKER_CONCURRENCY', 64);
const WAIT_S = knob('BENCH_WEBHOOK_WAIT_S', 900);

interface Endpoint {
  server: Server;
  url: string;
  kind: 'ok' | 'slow' | 'failing';
  latencies: number[];
  /** When the last delivery arrived (ms since the epoch). */
  lastAt: number;
}

/** A receiver; its latencies are receipt time minus the event's timestamp (the rating's creation). */
async function receiver(kind: Endpoint['kind']): Promise<Endpoint> {
  const endpoint = { kind, latencies: [] as number[], lastAt: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = () => res.writeHead(kind === 'failing' ? 500 : 200).end();
      if (kind !== 'failing') {
        const { timestamp } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
        endpoint.latencies.push(Date.now() - Date.parse(timestamp) + (kind === 'slow' ? SLOW_MS : 0));
        endpoint.lastAt = Date.now() + (kind === 'slow' ? SLOW_MS : 0);
      }
      if (kind === 'slow') setTimeout(answer, SLOW_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // the same object the handler updates (lastAt)
  return Object.assign(endpoint, {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
  });
}

export async function run(): Promise<void> {
  logger.level = 'silent';
  env.WEBHOOKS_ALLOW_PRIVATE = true;
  env.RATE_LIMIT_DISABLED = true;
  const db = await benchDb('cx_bench_webhooks');
  const app = createServer(createApp());
  const port = await listen(app);
  let customer = 0;
  const submit = (world: BenchBusiness) =>
    closedLoop({
      port,
      path: '/api/v1/feedback/staff-ratings',
      connections: CLIENTS,
      amount: EVENTS,
      next: () => ratingRequest(world, customer++),
    });

  const kinds: Endpoint['kind'][] = Array.from({ length: ENDPOINTS }, (_, i) =>
    i === 0 ? 'slow' : i === 1 ? 'failing' : 'ok',
  );
  const endpoints = await Promise.all(kinds.map(receiver));
  const p95 = (f: { latencies: number[] }) => quantile(f.latencies, 0.95);
  const worker = createWebhookWorker({ concurrency: WORKER_CONCURRENCY, pollMs: 100 });
  try {
    // the same submits twice from an empty database: without any endpoint, then with them
    const without = await submit(await benchBusiness('bench-no-webhooks@example.com', 10, STORES));
    await db.reset();
    const world = await benchBusiness('bench-webhooks@example.com', 10, STORES);
    await WebhookEndpointModel.insertMany(
      endpoints.map((e) => ({
        business: world.business,
        url: e.url,
        events: ['rating.created', 'rating.flagged'],
        secrets: [{ key: newWebhookSecret() }],
      })),
    );
    worker.start();
    const started = Date.now();
    const withHooks = await submit(world);
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
    const fast = healthy.filter((e) => e.kind === 'ok');
    const slow = healthy.filter((e) => e.kind === 'slow');
    const summary = (group: Endpoint[]) => {
      const latencies = group.flatMap((e) => e.latencies);
      const seconds = (Math.max(...group.map((e) => e.lastAt)) - started) / 1000;
      return `${latencies.length}/${EVENTS * group.length} in ${seconds.toFixed(1)} s (${(latencies.length / seconds).toFixed(0)} deliveries/s), latency event → receipt p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p95 ${quantile(latencies, 0.95).toFixed(0)} ms`;
    };
    const failing = await WebhookDeliveryModel.countDocuments({ attempts: { $gte: 1 }, status: 'pending' });
    console.log(
      `MongoDB backend: ${backendLabel(db.mongo)}; ${EVENTS} rating events at ${STORES} stores × ${ENDPOINTS} endpoints (1 slow ${SLOW_MS} ms, 1 failing); ${CLIENTS} submitting clients; worker concurrency ${WORKER_CONCURRENCY}`,
    );
    console.log(
      `submit p95 without webhooks ${p95(without).toFixed(1)} ms (${EVENTS} submits in ${without.seconds.toFixed(1)} s, ${without.failures} not 201)`,
    );
    console.log(
      `submit p95 with ${ENDPOINTS} endpoints ${p95(withHooks).toFixed(1)} ms (${EVENTS} submits in ${submitSeconds.toFixed(1)} s, ${withHooks.failures} not 201); ratio with/without ${(p95(withHooks) / p95(without)).toFixed(2)}`,
    );
    console.log(`${fast.length} healthy endpoints: ${summary(fast)}`);
    console.log(`slow endpoint: ${summary(slow)}`);
    console.log(
      `all healthy: ${delivered}/${want} delivered; failing endpoint: ${failing} deliveries waiting to retry (backoff)`,
    );
  } finally {
    await worker.stop();
    await new Promise((r) => app.close(r));
    await Promise.all(endpoints.map((e) => new Promise((r) => e.server.close(r))));
    await db.stop();
  }
}
