// The faults bench's customers: closed-loop rating submits to every API, and the outbox that re-sends what failed.
import { Agent, request } from 'node:http';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RATINGS_PATH = {
  staff: '/api/v1/feedback/staff-ratings',
  experience: '/api/v1/feedback/experience-ratings',
};
const REQUEST_TIMEOUT_MS = 15_000;

/** One customer's submit: sent again unchanged (same idempotency key) until it is answered for good. */
export interface Submit {
  kind: 'staff' | 'experience';
  body: string;
  /** X-Forwarded-For: one address per submit, so neither the per-IP limit nor network-burst flagging applies. */
  ip: string;
}

export interface LoadTally {
  /** Rating ids answered 201 (a replay answers the same id, so a Set). */
  accepted: Set<string>;
  /** Answers and transport failures by label ("201", "503", "ECONNREFUSED", "timeout"). */
  statuses: Map<string, number>;
  /** Submits to send again: transport failures, 5xx, 408 and rate-limited 429s, as the customer page's outbox does. */
  outbox: Submit[];
  /** Submits refused for good (a 4xx other than those): a valid submit should never get one. */
  refused: number;
  sent: number;
  /** Milliseconds from send to answer of each 201. */
  latencies: number[];
  /** Per API, when (Date.now()) it last failed a submit: how long it took to recover from the fault. */
  lastFailure: Map<string, number>;
}

export const newTally = (): LoadTally => ({
  accepted: new Set(),
  statuses: new Map(),
  outbox: [],
  refused: 0,
  sent: 0,
  latencies: [],
  lastFailure: new Map(),
});

type Answer = { status: number; body: string } | { error: string };

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function post(baseUrl: string, s: Submit): Promise<Answer> {
  const url = new URL(RATINGS_PATH[s.kind], baseUrl);
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': s.ip,
          'user-agent': 'faults-bench/1.0',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(s.body);
  });
}

/** The customer page's rule (web outbox.ts): 408, 429 RATE_LIMITED and 5xx are tried again; other 4xx are final. */
function retryable(status: number, body: string): boolean {
  if (status === 408 || status >= 500) return true;
  if (status !== 429) return false;
  try {
    return (JSON.parse(body) as { code?: string }).code === 'RATE_LIMITED';
  } catch {
    return true;
  }
}

/** Sends one submit and records the outcome; returns whether it is settled (accepted or refused for good). */
async function sendOnce(
  baseUrl: string,
  s: Submit,
  t: LoadTally,
): Promise<{ settled: boolean; transport: boolean }> {
  t.sent += 1;
  const t0 = performance.now();
  const a = await post(baseUrl, s);
  const label = 'error' in a ? a.error : String(a.status);
  t.statuses.set(label, (t.statuses.get(label) ?? 0) + 1);
  if ('error' in a || a.status !== 201) t.lastFailure.set(baseUrl, Date.now());
  if ('error' in a) return { settled: false, transport: true };
  if (a.status === 201) {
    t.accepted.add((JSON.parse(a.body) as { _id: string })._id);
    t.latencies.push(performance.now() - t0);
    return { settled: true, transport: false };
  }
  if (retryable(a.status, a.body)) return { settled: false, transport: false };
  t.refused += 1;
  return { settled: true, transport: false };
}

/** `workers` closed-loop customers per API for `durationMs`; what fails goes to the outbox. */
export async function runLoad(
  targets: string[],
  workers: number,
  durationMs: number,
  next: () => Submit,
  t: LoadTally,
): Promise<void> {
  const until = Date.now() + durationMs;
  const worker = async (target: string) => {
    while (Date.now() < until) {
      const s = next();
      const { settled, transport } = await sendOnce(target, s, t);
      if (settled) continue;
      t.outbox.push(s);
      // An instance that is down refuses at once: pause rather than spin through thousands of refusals.
      if (transport) await sleep(200);
    }
  };
  await Promise.all(targets.flatMap((target) => Array.from({ length: workers }, () => worker(target))));
}

/**
 * Re-sends the outbox in rounds (8 at a time, each to a random API of those answering /health) until it is empty or the
 * deadline passes; returns how many were still unsent then.
 */
export async function flushOutbox(
  targets: () => Promise<string[]>,
  t: LoadTally,
  deadlineMs: number,
): Promise<number> {
  const deadline = Date.now() + deadlineMs;
  while (t.outbox.length > 0 && Date.now() < deadline) {
    const up = await targets();
    if (up.length === 0) {
      await sleep(500);
      continue;
    }
    const batch = t.outbox.splice(0, t.outbox.length);
    const sender = async () => {
      for (let s = batch.shift(); s; s = batch.shift()) {
        // A random instance each time, as a load balancer would: one stuck instance cannot strand a submit.
        const { settled } = await sendOnce(up[Math.floor(Math.random() * up.length)]!, s, t);
        if (!settled) t.outbox.push(s);
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    if (t.outbox.length > 0) await sleep(1000);
  }
  return t.outbox.length;
}
