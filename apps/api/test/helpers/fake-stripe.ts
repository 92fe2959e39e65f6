// A local stand-in for Stripe's HTTP API: the real `stripe` library is pointed at it (host, port, protocol), every
// request is recorded, and answers are Stripe-shaped. No call ever leaves the machine.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** The form-encoded body as flat keys, e.g. `line_items[0][price]`. */
  form: Record<string, string>;
}

type Answer = { status?: number; body: unknown };
type Route = (req: RecordedRequest) => Answer;

export interface FakeStripe {
  stripe: Stripe;
  requests: RecordedRequest[];
  /** Answer `METHOD /v1/path` (exact path) with this handler from now on. */
  on(route: string, handler: Route): void;
  calls(route: string): RecordedRequest[];
  close(): Promise<void>;
}

export const WEBHOOK_SECRET = 'whsec_test_fake_stripe_secret';

export async function startFakeStripe(): Promise<FakeStripe> {
  const routes = new Map<string, Route>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      requests.push(recorded);
      const route = routes.get(`${recorded.method} ${recorded.path}`);
      const answer: Answer = route
        ? route(recorded)
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: `No such route: ${recorded.path}` } },
          };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe('sk_test_fake_key', {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  return {
    stripe,
    requests,
    on: (route, handler) => routes.set(route, handler),
    calls: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe subscription object as the API (and webhooks) carry it. */
export function stripeSubscription(o: {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  start: number;
  periodStart: number;
  periodEnd: number;
  price: string;
  cancelAtPeriodEnd?: boolean;
}) {
  return {
    id: o.id,
    object: 'subscription',
    customer: o.customer,
    status: o.status,
    start_date: o.start,
    created: o.start,
    cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${o.id}`,
          object: 'subscription_item',
          current_period_start: o.periodStart,
          current_period_end: o.periodEnd,
          price: { id: o.price, object: 'price' },
        },
      ],
    },
  };
}

/** A subscription invoice for one service period. */
export function stripeInvoice(o: {
  id: string;
  customer: string;
  subscription: string;
  periodStart: number;
  periodEnd: number;
  price: string;
  amountPaid: number;
}) {
  return {
    id: o.id,
    object: 'invoice',
    customer: o.customer,
    amount_paid: o.amountPaid,
    total: 9900,
    currency: 'usd',
    created: o.periodStart,
    status: o.amountPaid > 0 ? 'paid' : 'open',
    parent: { type: 'subscription_details', subscription_details: { subscription: o.subscription } },
    lines: {
      object: 'list',
      data: [
        {
          period: { start: o.periodStart, end: o.periodEnd },
          pricing: { price_details: { price: o.price } },
        },
      ],
    },
  };
}

let eventSeq = 0;

/** An event payload and a valid signature header, made with the library's own test helper. */
export function signed(
  stripe: Stripe,
  type: string,
  object: unknown,
  created: number,
  opts: { id?: string; secret?: string; timestamp?: number } = {},
) {
  eventSeq += 1;
  const payload = JSON.stringify({
    id: opts.id ?? `evt_test_${eventSeq}_${Date.now()}`,
    object: 'event',
    created,
    type,
    data: { object },
  });
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    timestamp: opts.timestamp,
  });
  return { payload, signature };
}
