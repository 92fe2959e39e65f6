// The webhooks bench's other processes, as in production: the receivers (other companies' systems) and the worker.
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { setPriority } from 'node:os';
import { listen } from './support';

export type EndpointKind = 'ok' | 'slow' | 'failing';

/** What one receiver saw: receipt time minus the event's timestamp (the rating's creation), and its last receipt. */
export interface ReceiverFigures {
  kind: EndpointKind;
  url: string;
  latencies: number[];
  lastAt: number;
}

type Message =
  | { type: 'ready'; urls?: string[] }
  | { type: 'figures'; figures: ReceiverFigures[] }
  | { type: 'count'; delivered: number };

/** A child running this file with `role`; resolves once it says it is ready. */
function child(role: string, env: NodeJS.ProcessEnv): Promise<{ proc: ChildProcess; urls: string[] }> {
  const proc = fork(__filename, [role], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env } });
  // In production these run on machines of their own; on one bench machine they yield the CPU to the API under test.
  if (proc.pid) setPriority(proc.pid, 10);
  return new Promise((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', (code) =>
      reject(new Error(`bench ${role} process exited (${code}) before it was ready`)),
    );
    proc.on('message', (m: Message) => {
      if (m.type === 'ready') resolve({ proc, urls: m.urls ?? [] });
    });
  });
}

function ask<T extends Message['type']>(proc: ChildProcess, type: T): Promise<Extract<Message, { type: T }>> {
  return new Promise((resolve) => {
    const on = (m: Message) => {
      if (m.type !== type) return;
      proc.off('message', on);
      resolve(m as Extract<Message, { type: T }>);
    };
    proc.on('message', on);
    proc.send({ ask: type });
  });
}

const stopChild = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.send({ ask: 'stop' });
  });

/** The receivers in a process of their own: their HTTP work is not billed to the API under test. */
export async function startReceivers(kinds: EndpointKind[], slowMs: number) {
  const { proc, urls } = await child('receivers', {
    BENCH_RECEIVER_KINDS: kinds.join(','),
    BENCH_WEBHOOK_SLOW_MS: String(slowMs),
  });
  return {
    urls,
    delivered: async () => (await ask(proc, 'count')).delivered,
    figures: async () => (await ask(proc, 'figures')).figures,
    stop: () => stopChild(proc),
  };
}

/** The production worker's webhook delivery loop (`node dist/worker.js` with JOBS=off), on the bench's database. */
export async function startDeliveryWorker(mongoUri: string, concurrency: number) {
  const { proc } = await child('worker', {
    MONGODB_URI: mongoUri,
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOK_CONCURRENCY: String(concurrency),
  });
  return { stop: () => stopChild(proc) };
}

async function receiversMain(): Promise<void> {
  const slowMs = Number(process.env.BENCH_WEBHOOK_SLOW_MS);
  const figures: ReceiverFigures[] = [];
  for (const kind of (process.env.BENCH_RECEIVER_KINDS ?? '').split(',') as EndpointKind[]) {
    const f: ReceiverFigures = { kind, url: '', latencies: [], lastAt: 0 };
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = () => res.writeHead(kind === 'failing' ? 500 : 200).end();
        if (kind !== 'failing') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
          const done = Date.now() + (kind === 'slow' ? slowMs : 0);
          f.latencies.push(done - Date.parse(body.timestamp));
          f.lastAt = done;
        }
        if (kind === 'slow') setTimeout(answer, slowMs);
        else answer();
      });
    });
    f.url = `http://127.0.0.1:${await listen(server)}/hook`;
    figures.push(f);
  }
  process.on('message', (m: { ask: string }) => {
    if (m.ask === 'count')
      process.send!({ type: 'count', delivered: figures.reduce((n, f) => n + f.latencies.length, 0) });
    if (m.ask === 'figures') process.send!({ type: 'figures', figures });
    if (m.ask === 'stop') process.exit(0);
  });
  process.send!({ type: 'ready', urls: figures.map((f) => f.url) });
}

async function workerMain(): Promise<void> {
  const { logger } = await import('../src/lib/logger');
  const { connectDatabase } = await import('../src/lib/db');
  const { startWebhookDelivery } = await import('../src/jobs/registry');
  logger.level = 'silent';
  const db = await connectDatabase();
  const delivery = startWebhookDelivery();
  process.on('message', (m: { ask: string }) => {
    if (m.ask !== 'stop') return;
    void delivery
      .stop()
      .then(() => db.close())
      .finally(() => process.exit(0));
  });
  process.send!({ type: 'ready' });
}

if (require.main === module) {
  const main = process.argv[2] === 'worker' ? workerMain : receiversMain;
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
