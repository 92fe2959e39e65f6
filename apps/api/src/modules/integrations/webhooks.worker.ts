// The delivery worker: claims due deliveries under a lease (safe with many instances), attempts, retries, disables.
import { Types } from 'mongoose';
import { env } from '../../config/env';
import { logger } from '../../lib/logger';
import { createClaimer, type Busy } from './webhooks.claim';
import { notifyEndpointDisabled } from './webhooks.disable';
import { createIdler } from '../../lib/idler';
import { startFanOut } from './webhooks.fanout';
import { createPacer, type Pacer } from './webhooks.pacing';
import { fanOutEvents, onEnqueued } from './webhooks.queue';
import { liveSecrets, webhookHeaders } from './webhooks.signing';
import { sendOnce, type AttemptResult, type Resolver, type WebhookPolicy } from './webhooks.transport';
import {
  WebhookDeliveryModel,
  WebhookEndpointModel,
  type WebhookDeliveryDoc,
  type WebhookEndpointDoc,
} from './webhook.model';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The wait after each failed attempt (8 attempts over ~27.6 h); after the last, the delivery has failed. */
export const RETRY_DELAYS_MS = [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
/** An endpoint whose every attempt failed for this long is turned off (and its owner mailed). */
export const DISABLE_AFTER_MS = 24 * HOUR;

export interface WorkerOptions {
  /** The clock (tests move it to reach the backoff's next attempt). */
  now?: () => Date;
  resolve?: Resolver;
  policy?: WebhookPolicy;
  /** Attempts in flight at once in this process. */
  concurrency?: number;
  /** Attempts in flight at once to one endpoint in this process: a slow or hanging endpoint cannot take every slot. */
  perEndpoint?: number;
  /** How often an idle worker looks for due deliveries queued by other instances. */
  pollMs?: number;
  /** Spaces fan-outs and claims while the database is slow (default: probes the database itself). */
  pacer?: Pacer;
}

/** The pacer's probe: the smallest read of a collection every instance has. */
const probeDatabase = () => WebhookEndpointModel.findOne({}, { _id: 1 }).lean();

async function recordEndpointHealth(endpoint: WebhookEndpointDoc, result: AttemptResult, now: Date) {
  if (result.ok) {
    if (endpoint.failingSince)
      await WebhookEndpointModel.updateOne({ _id: endpoint._id }, { $set: { failingSince: null } });
    return;
  }
  await WebhookEndpointModel.updateOne(
    { _id: endpoint._id, failingSince: null },
    { $set: { failingSince: now } },
  );
  const off = await WebhookEndpointModel.findOneAndUpdate(
    { _id: endpoint._id, enabled: true, failingSince: { $lte: new Date(now.getTime() - DISABLE_AFTER_MS) } },
    {
      $set: { enabled: false, disabledReason: `Every delivery failed for 24 hours (last: ${result.error})` },
    },
    { returnDocument: 'after' },
  ).lean<WebhookEndpointDoc>();
  if (off) await notifyEndpointDisabled(off);
}

async function attempt(
  delivery: WebhookDeliveryDoc,
  endpoint: WebhookEndpointDoc | undefined,
  now: Date,
  opts: WorkerOptions,
): Promise<void> {
  const mine = { _id: delivery._id, lease: delivery.lease };
  const release = { lease: null, lockedUntil: null };
  if (!endpoint?.enabled) {
    await WebhookDeliveryModel.updateOne(mine, {
      $set: { ...release, status: 'failed', nextAttemptAt: null, error: 'The endpoint is turned off' },
    });
    return;
  }
  const headers = webhookHeaders(
    liveSecrets(endpoint.secrets, now),
    delivery.messageId,
    now,
    delivery.payload,
  );
  const result = await sendOnce({
    url: endpoint.url,
    body: delivery.payload,
    headers,
    policy: opts.policy,
    resolve: opts.resolve,
  });
  const attempts = delivery.attempts + 1;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  const status = result.ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
  await WebhookDeliveryModel.updateOne(mine, {
    $set: {
      ...release,
      status,
      attempts,
      lastAttemptAt: now,
      nextAttemptAt: status === 'pending' ? new Date(now.getTime() + delay!) : null,
      responseCode: result.responseCode,
      durationMs: result.durationMs,
      error: result.error,
    },
  });
  await recordEndpointHealth(endpoint, result, now);
}

async function endpointsOf(claimed: WebhookDeliveryDoc[]) {
  const ids = [...new Set(claimed.map((d) => String(d.endpoint)))].map((id) => new Types.ObjectId(id));
  const endpoints = await WebhookEndpointModel.find({ _id: { $in: ids } }).lean<WebhookEndpointDoc[]>();
  return new Map(endpoints.map((e) => [String(e._id), e]));
}

function attemptLogged(
  d: WebhookDeliveryDoc,
  endpoints: Map<string, WebhookEndpointDoc>,
  now: Date,
  opts: WorkerOptions,
) {
  return attempt(d, endpoints.get(String(d.endpoint)), now, opts).catch((err: unknown) =>
    logger.error({ err: String(err), delivery: String(d._id) }, 'webhook attempt not recorded'),
  );
}

export interface WebhookWorker {
  /** Attempts everything due now, batch after batch, until nothing is due (tests; the loop uses the same steps). */
  runDue(): Promise<number>;
  start(): void;
  /** Stops claiming; waits for the attempts in flight (an abandoned claim lapses with its lease). */
  stop(): Promise<void>;
}

export function createWebhookWorker(opts: WorkerOptions = {}): WebhookWorker {
  const now = opts.now ?? (() => new Date());
  const concurrency = opts.concurrency ?? env.WEBHOOK_CONCURRENCY;
  const perEndpoint = opts.perEndpoint ?? Math.max(1, Math.floor(concurrency / 4));
  const busy: Busy = new Map();
  const pollMs = opts.pollMs ?? 2_000;
  const claimer = createClaimer(pollMs);
  const pacer = opts.pacer ?? createPacer({ probe: probeDatabase });
  let running = false;
  let loop: Promise<void> | null = null;
  let fanOut: { stop(): Promise<void> } | null = null;
  const inFlight = new Set<Promise<void>>();
  const idler = createIdler();
  const nudge = () => idler.wake();
  const idle = (ms: number) => idler.idle(ms);
  let unsubscribe: (() => void) | null = null;

  /** A claim costs the same four commands for one delivery or many: while busy, claim once a few slots are free. */
  const batchFrom = Math.min(8, Math.ceil(concurrency / 4));

  async function run(): Promise<void> {
    let paced = false;
    while (running) {
      const free = concurrency - inFlight.size;
      if (inFlight.size > 0 && free < batchFrom) {
        await idle(pollMs);
        continue;
      }
      let claimed: WebhookDeliveryDoc[] = [];
      if (free > 0) {
        // after a claim that found work, the next waits its turn, and takes a few while the pacer spaces claims
        if (paced) await pacer.turn();
        const limit = pacer.gapMs() > 0 ? Math.min(free, batchFrom) : free;
        try {
          claimed = await claimer.claim(now(), limit, busy, perEndpoint);
        } catch (err) {
          logger.warn({ err: String(err) }, 'webhook claim failed');
        }
        paced = claimed.length > 0;
      }
      const endpoints = claimed.length ? await endpointsOf(claimed).catch(() => new Map()) : new Map();
      for (const d of claimed) {
        const key = String(d.endpoint);
        busy.set(key, (busy.get(key) ?? 0) + 1);
        const p = attemptLogged(d, endpoints, now(), opts).finally(() => {
          inFlight.delete(p);
          const left = (busy.get(key) ?? 1) - 1;
          if (left > 0) busy.set(key, left);
          else busy.delete(key);
          nudge();
        });
        inFlight.add(p);
      }
      if (claimed.length === 0 || inFlight.size >= concurrency) await idle(pollMs);
    }
  }

  return {
    async runDue() {
      let total = 0;
      while ((await fanOutEvents(100)) > 0);
      // every endpoint asked at every step: what is due now, not what this worker's loop last saw
      const fresh = createClaimer(0);
      for (;;) {
        const at = now();
        const claimed = await fresh.claim(at, concurrency, new Map(), perEndpoint);
        if (claimed.length === 0) return total;
        const endpoints = await endpointsOf(claimed);
        await Promise.all(claimed.map((d) => attemptLogged(d, endpoints, at, opts)));
        total += claimed.length;
      }
    },
    start() {
      if (running) return;
      running = true;
      unsubscribe = onEnqueued((endpoints) => {
        claimer.queued(endpoints);
        nudge();
      });
      loop = run();
      fanOut = startFanOut(pacer, pollMs);
    },
    async stop() {
      running = false;
      unsubscribe?.();
      nudge();
      pacer.stop();
      await Promise.all([loop, fanOut?.stop()]);
      await Promise.all([...inFlight]);
    },
  };
}
