// Rating-submit throughput through the real app (createApp + MongoDB via startMongo) beside a bare node:http server.
import { createServer, type Server } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { chipBandOf, DEFAULT_CHIPS } from '@cx/contracts';
import { createApp } from '../src/app';
import { drainBackground } from '../src/lib/background';
import { logger } from '../src/lib/logger';
import { RatingModel } from '../src/modules/ratings/rating.model';
import {
  backendLabel,
  benchBusiness,
  benchDb,
  closedLoop,
  serverCounters,
  serverWorkPerRequest,
  listen,
  quantile,
  ratingRequest,
  scoreOf,
  type LoadFigures,
} from './support';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DURATION_S = Number(process.env.BENCH_SUBMIT_SECONDS ?? 5);
/**
 * Warm-up by count, not time: on a busy machine a second of warm-up may finish no submit at all, leaving lazy loads
 * (the comment analyser's language model) and JIT to the measured phase.
 */
const WARMUP_REQUESTS = Number(process.env.BENCH_SUBMIT_WARMUP ?? CONCURRENCY * 4);
const PATH = '/api/v1/feedback/staff-ratings';

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

const fmt = (f: LoadFigures) => {
  const which = [...f.unexpected].map(([status, count]) => `${status} ×${count}`).join(', ');
  return `${f.perSecond.toFixed(0).padStart(6)} req/s  p50 ${quantile(f.latencies, 0.5).toFixed(1)} ms  p99 ${quantile(f.latencies, 0.99).toFixed(1)} ms  (${f.latencies.length} requests, ${f.failures} not 201${which ? `: ${which}` : ''})`;
};

export async function run(): Promise<void> {
  // Request logging would measure the terminal, not the API.
  logger.level = 'silent';
  const db = await benchDb('cx_bench_rating_submit');
  const world = await benchBusiness('bench@example.com');
  const app = createServer(createApp());
  const bare = bareServer();
  const [appPort, barePort] = await Promise.all([listen(app), listen(bare)]);
  // One customer per request (own address and device), as in a day of QR scans: the per-IP limiter and the
  // per-device interval run on every request without refusing it, so the figure is the accepted-rating path.
  // Every other rating carries a chip of its score's band (a 1★ rating cannot say "Friendly": that is a 400).
  let n = 0;
  const next = () => {
    const i = n++;
    const score = scoreOf(i);
    return ratingRequest(world, i, {
      comment: i % 4 === 0 ? 'Quick and friendly service.' : '',
      tags: i % 2 ? [DEFAULT_CHIPS.staff[chipBandOf(score)][0]] : [],
    });
  };
  // This process's CPU over the measured phase (warm-up left out): the server under test and the load generator.
  const load = async (port: number) => {
    await closedLoop({ port, path: PATH, connections: CONCURRENCY, amount: WARMUP_REQUESTS, next });
    const cpu = process.cpuUsage();
    const figures = await closedLoop({
      port,
      path: PATH,
      connections: CONCURRENCY,
      durationS: DURATION_S,
      next,
    });
    const used = process.cpuUsage(cpu);
    return {
      ...figures,
      cpuMsPerRequest: (used.user + used.system) / 1000 / Math.max(1, figures.latencies.length),
    };
  };
  try {
    const bareFigures = await load(barePort);
    const storedBefore = await RatingModel.countDocuments();
    const before = await serverCounters();
    const appFigures = await load(appPort);
    const after = await serverCounters();
    const stored = await RatingModel.countDocuments();
    console.log(
      `MongoDB backend: ${backendLabel(db.mongo)}; ${CONCURRENCY} concurrent clients, ${DURATION_S} s each (autocannon)`,
    );
    console.log(`rating-submit (real app)  ${fmt(appFigures)}`);
    console.log(`bare node:http            ${fmt(bareFigures)}`);
    console.log(
      `bench process CPU per request (server and load generator): app ${appFigures.cpuMsPerRequest.toFixed(2)} ms, bare ${bareFigures.cpuMsPerRequest.toFixed(3)} ms; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    console.log(
      `ratio app/bare: ${(appFigures.perSecond / bareFigures.perSecond).toFixed(3)} (${stored} ratings stored)`,
    );
    // per stored rating: every accepted submit of both phases (warm-up included) stored exactly one
    const ownProcess = db.mongo.backend !== 'offline-engine' || db.mongo.pid !== undefined;
    console.log(serverWorkPerRequest(before, after, stored - storedBefore, ownProcess, 'submit'));
  } finally {
    // the last submits' after-answer work (reactions, clean-up) finishes before its database goes away
    await drainBackground(10_000);
    await new Promise((r) => app.close(r));
    await new Promise((r) => bare.close(r));
    await db.stop();
  }
}
