// Bench plumbing shared by the HTTP benches: the database, a subscribed business with staff, and closed-loop load.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import mongoose, { type Types } from 'mongoose';
import { startMongo, type StartedMongo } from '@cx/local-mongo';
import { withDbName } from '../src/lib/db';
import { makeStaff, makeStore, makeUser } from '../test/factories';
import { newDeviceId } from '../test/helpers/devices';

/** How a run names its MongoDB: the backend, and whether the offline engine had a process of its own. */
export const backendLabel = (mongo: StartedMongo): string =>
  `${mongo.backend}${mongo.backend === 'offline-engine' ? (mongo.pid ? ' (own process)' : ' (in this process)') : ''}`;

export const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/**
 * A fresh database. The offline engine runs in a process of its own by default, as a real mongod would: sharing the
 * measured app's event loop would bill the database's work to the API. BENCH_ENGINE_IN_PROCESS=1 keeps it in this
 * process, so one CPU profile shows both.
 */
export async function benchDb(
  name: string,
  { engineProcess = process.env.BENCH_ENGINE_IN_PROCESS !== '1' }: { engineProcess?: boolean } = {},
): Promise<{ mongo: StartedMongo; reset(): Promise<void>; stop(): Promise<void> }> {
  const mongo = await startMongo({ log: () => undefined, engineProcess });
  await mongoose.connect(withDbName(mongo.uri, name));
  const reset = async () => {
    await mongoose.connection.dropDatabase();
    await Promise.all(mongoose.modelNames().map((model) => mongoose.model(model).init()));
  };
  await reset();
  return {
    mongo,
    /** Empties the database (its indexes made again), for a second phase on the same footing as the first. */
    reset,
    async stop() {
      await mongoose.connection.dropDatabase().catch(() => undefined);
      await mongoose.disconnect();
      await mongo.stop();
    },
  };
}

/** What the MongoDB server reports of itself: commands received by name, and its CPU time when it tells it. */
export interface ServerCounters {
  commands: Map<string, number>;
  cpuUs?: number;
}

export async function serverCounters(): Promise<ServerCounters> {
  const status = await mongoose.connection.db!.admin().command({ serverStatus: 1 });
  const commands = (status.metrics?.commands ?? {}) as Record<string, { total?: unknown }>;
  const extra = (status.extra_info ?? {}) as { user_time_us?: unknown; system_time_us?: unknown };
  return {
    commands: new Map(Object.entries(commands).map(([name, c]) => [name, Number(c.total ?? 0)])),
    cpuUs:
      extra.user_time_us === undefined
        ? undefined
        : Number(extra.user_time_us) + Number(extra.system_time_us ?? 0),
  };
}

/**
 * The server's work per request between two serverCounters() readings (the readings themselves left out):
 * commands by name, busiest first, and its CPU time when it runs in a process of its own (else it is the app's too).
 */
export function serverWorkPerRequest(
  before: ServerCounters,
  after: ServerCounters,
  requests: number,
  ownProcess: boolean,
  unit = 'request',
): string {
  const n = Math.max(1, requests);
  const rows = [...after.commands]
    .filter(([name]) => name !== 'serverStatus')
    .map(([name, total]) => [name, (total - (before.commands.get(name) ?? 0)) / n] as const)
    .filter(([, per]) => per > 0)
    .sort((a, b) => b[1] - a[1]);
  const sum = rows.reduce((acc, [, per]) => acc + per, 0);
  const lines = [
    `MongoDB commands per ${unit}: ${sum.toFixed(1)} (${rows.map(([name, per]) => `${name} ${per.toFixed(1)}`).join(', ')})`,
  ];
  if (ownProcess && before.cpuUs !== undefined && after.cpuUs !== undefined) {
    const perRequest = (after.cpuUs - before.cpuUs) / n;
    lines.push(
      `MongoDB server CPU per ${unit}: ${(perRequest / 1000).toFixed(2)} ms (${(perRequest / Math.max(sum, 1)).toFixed(0)} µs per command)`,
    );
  }
  return lines.join('\n');
}

export interface BenchBusiness {
  business: Types.ObjectId;
  /** The owner's bearer token. */
  token: string;
  stores: Types.ObjectId[];
  staff: Types.ObjectId[];
}

/**
 * A subscribed business with its owner's membership (the tests' factories), its stores and staff who work in every
 * one of them. Without an email the factory makes a unique one.
 */
export async function benchBusiness(email?: string, staffCount = 10, storeCount = 1): Promise<BenchBusiness> {
  const owner = await makeUser({ fullname: 'Bench Owner', ...(email ? { email } : {}) });
  const business = owner.user._id;
  const stores = [];
  for (let i = 0; i < storeCount; i++)
    stores.push((await makeStore(business, { name: `Bench Store ${i + 1}` }))._id);
  const staff = [];
  for (let i = 0; i < staffCount; i++)
    staff.push((await makeStaff(business, stores, { name: `Member ${i}` }))._id);
  return { business, token: owner.token, stores, staff };
}

export interface BenchRequest {
  body: string;
  /** The customer's address (x-forwarded-for): one per customer, as in a day of QR scans. */
  ip: string;
}

/** Rating n's score: 1..5 in turn. */
export const scoreOf = (n: number): number => 1 + (n % 5);

/** Rating n of a run: its own customer (address and device), stores and staff in turn, scores 1..5. */
export function ratingRequest(
  world: BenchBusiness,
  n: number,
  extra: Record<string, unknown> = {},
): BenchRequest {
  return {
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    body: JSON.stringify({
      store: String(world.stores[n % world.stores.length]),
      staff: String(world.staff[n % world.staff.length]),
      score: scoreOf(n),
      idempotencyKey: randomUUID(),
      deviceId: newDeviceId(),
      source: 'qr',
      ...extra,
    }),
  };
}

export interface LoadFigures {
  /** Every answered request's latency (ms), for exact quantiles. */
  latencies: number[];
  /** Answers other than `expect`, and connection errors. */
  failures: number;
  /** The unexpected answers by status, so a run that measured refusals says which. */
  unexpected: Map<number, number>;
  seconds: number;
  perSecond: number;
}

/**
 * Closed-loop POST load (autocannon): `connections` clients each send the next request once the last is answered,
 * `amount` requests in all or for `durationS` seconds; each request's body comes fresh from `next`.
 */
export async function closedLoop(opts: {
  port: number;
  path: string;
  connections: number;
  amount?: number;
  durationS?: number;
  next: (n: number) => BenchRequest;
  expect?: number;
}): Promise<LoadFigures> {
  let n = 0;
  let failures = 0;
  const unexpected = new Map<number, number>();
  const latencies: number[] = [];
  const options: autocannon.Options = {
    url: `http://127.0.0.1:${opts.port}`,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.durationS ?? 10 }),
    requests: [
      {
        method: 'POST',
        path: opts.path,
        setupRequest: (req) => {
          const { body, ip } = opts.next(n++);
          return {
            ...req,
            body,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': 'bench/1.0' },
          };
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (err, res) => (err ? reject(err as Error) : resolve(res)));
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status !== (opts.expect ?? 201)) {
        failures += 1;
        unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
      }
    });
  });
  const seconds = result.duration;
  return {
    latencies,
    failures: failures + result.errors,
    unexpected,
    seconds,
    perSecond: latencies.length / seconds,
  };
}
