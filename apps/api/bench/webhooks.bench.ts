// Webhooks under load: rating events to local endpoints (one slow, one failing) through the real app and worker.
import { createServer } from 'node:http';
import { createApp } from '../src/app';
import { env } from '../src/config/env';
import { logger } from '../src/lib/logger';
import { withDbName } from '../src/lib/db';
import {
  WebhookDeliveryModel,
  WebhookEndpointModel,
  WebhookEventModel,
} from '../src/modules/integrations/webhook.model';
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
import {
  startDeliveryWorker,
  startReceivers,
  type EndpointKind,
  type ReceiverFigures,
} from './webhook-peers';

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
const DB_NAME = 'cx_bench_webhooks';

export async function run(): Promise<void> {
  logger.level = 'silent';
  env.RATE_LIMIT_DISABLED = true;
  const db = await benchDb(DB_NAME);
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

  const kinds: EndpointKind[] = Array.from({ length: ENDPOINTS }, (_, i) =>
    i === 0 ? 'slow' : i === 1 ? 'failing' : 'ok',
  );
  // as deployed: API instances with JOBS=off, the worker delivering, the receivers elsewhere; all live in both phases
  const receivers = await startReceivers(kinds, SLOW_MS);
  const worker = await startDeliveryWorker(withDbName(db.mongo.uri, DB_NAME), WORKER_CONCURRENCY);
  const p95 = (f: { latencies: number[] }) => quantile(f.latencies, 0.95);
  try {
    // the same submits twice from an empty database: without any endpoint, then with them
    const without = await submit(await benchBusiness('bench-no-webhooks@example.com', 10, STORES));
    await db.reset();
    const world = await benchBusiness('bench-webhooks@example.com', 10, STORES);
    await WebhookEndpointModel.insertMany(
      receivers.urls.map((url) => ({
        business: world.business,
        url,
        events: ['rating.created', 'rating.flagged'],
        secrets: [{ key: newWebhookSecret() }],
      })),
    );
    const started = Date.now();
    const withHooks = await submit(world);
    const submitSeconds = (Date.now() - started) / 1000;
    const duringSubmits = await receivers.delivered();
    const unfanned = await WebhookEventModel.countDocuments();
    const want = EVENTS * kinds.filter((k) => k !== 'failing').length;
    const deadline = Date.now() + WAIT_S * 1000;
    let delivered = 0;
    while (Date.now() < deadline) {
      delivered = await receivers.delivered();
      if (delivered >= want) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const figures = await receivers.figures();
    const fast = figures.filter((e) => e.kind === 'ok');
    const slow = figures.filter((e) => e.kind === 'slow');
    const summary = (group: ReceiverFigures[]) => {
      const latencies = group.flatMap((e) => e.latencies);
      const seconds = (Math.max(...group.map((e) => e.lastAt)) - started) / 1000;
      return `${latencies.length}/${EVENTS * group.length} in ${seconds.toFixed(1)} s (${(latencies.length / seconds).toFixed(0)} deliveries/s), latency event → receipt p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p95 ${quantile(latencies, 0.95).toFixed(0)} ms`;
    };
    const failing = await WebhookDeliveryModel.countDocuments({ attempts: { $gte: 1 }, status: 'pending' });
    console.log(
      `MongoDB backend: ${backendLabel(db.mongo)}; ${EVENTS} rating events at ${STORES} stores × ${ENDPOINTS} endpoints (1 slow ${SLOW_MS} ms, 1 failing); ${CLIENTS} submitting clients; delivery worker in its own process, concurrency ${WORKER_CONCURRENCY}; receivers in another`,
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
      `all healthy: ${delivered}/${want} delivered (${duringSubmits} while the submits ran, when ${unfanned} of ${EVENTS} events were still to fan out: the worker yields to them); failing endpoint: ${failing} deliveries waiting to retry (backoff)`,
    );
  } finally {
    await worker.stop();
    await receivers.stop();
    await new Promise((r) => app.close(r));
    await db.stop();
  }
}
