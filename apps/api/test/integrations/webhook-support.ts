// Webhook test helpers: a local HTTP receiver with scripted answers, an independent signature check, a movable clock.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TWebhookEventType } from '@cx/contracts';
import type { BusinessEvent } from '../../src/lib/business-events';
import { env } from '../../src/config/env';
import { WebhookEndpointModel } from '../../src/modules/integrations/webhook.model';

export interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  hits: Hit[];
  /** Answers in order (status codes, or a status with headers); the last one repeats. */
  answer(...statuses: (number | { status: number; headers: Record<string, string> })[]): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hits: Hit[] = [];
  let script: (number | { status: number; headers: Record<string, string> })[] = [200];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = script.length > 1 ? script.shift()! : script[0]!;
      const { status, headers } = typeof next === 'number' ? { status: next, headers: {} } : next;
      res.writeHead(status, headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    hits,
    answer: (...statuses) => void (script = statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Standard Webhooks verification written from the specification, not with the library the API signs with: the key is
 * the base64 after `whsec_`, the signed content `${id}.${timestamp}.${body}`, each signature `v1,<base64 HMAC-SHA256>`.
 */
export function signedWith(secret: string, hit: Hit): boolean {
  const id = hit.headers['webhook-id'];
  const timestamp = hit.headers['webhook-timestamp'];
  const header = hit.headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof header !== 'string') return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${hit.body}`).digest('base64');
  return header.split(' ').includes(`v1,${expected}`);
}

/**
 * A clock the worker reads; tests move it forward to reach the next attempt of the backoff. It starts a minute ahead
 * of the wall clock: deliveries are queued at wall-clock time, so they are due for it however slowly the machine runs
 * between creating the clock and publishing (a clock at exactly Date.now() missed them on a loaded machine).
 */
export function movableClock(start = Date.now() + 60_000) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

/** A test signing secret (`whsec_` + base64 of a fixed 32-byte key). */
export const TEST_WEBHOOK_SECRET = 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdHRlc3Q=';

/** An endpoint stored directly (no API call), signing with TEST_WEBHOOK_SECRET; `stores` null: every store. */
export function storedEndpoint(
  business: string,
  url: string,
  events: TWebhookEventType[] = ['rating.created'],
  stores: string[] | null = null,
) {
  return WebhookEndpointModel.create({
    business,
    url,
    events,
    stores,
    secrets: [{ key: TEST_WEBHOOK_SECRET }],
  });
}

/** Polls every 20 ms, up to 5 s, until `test` holds; otherwise fails saying what it waited for. */
export async function until(what: string, test: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !test(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!test()) throw new Error(`timed out waiting: ${what}`);
}

/** For the enclosing describe (or file): deliveries to the test's receivers on loopback are allowed, then as before. */
export function allowLoopbackReceivers(): void {
  let allowPrivate: boolean;
  beforeAll(() => {
    allowPrivate = env.WEBHOOKS_ALLOW_PRIVATE;
    env.WEBHOOKS_ALLOW_PRIVATE = true;
  });
  afterAll(() => void (env.WEBHOOKS_ALLOW_PRIVATE = allowPrivate));
}

/** `n` rating.created events of one store, with ids `rating.created:<tag>-<i>` (for publishBusinessEvents). */
export function ratingCreatedEvents(
  business: string,
  store: string,
  n: number,
  tag: string,
): BusinessEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `rating.created:${tag}-${i}`,
    type: 'rating.created' as const,
    business,
    store,
    at: new Date(),
    data: { rating: { score: 5 } },
  }));
}
