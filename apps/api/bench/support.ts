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
      score: 1 + (n % 5),
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
      if (status !== (opts.expect ?? 201)) failures += 1;
    });
  });
  const seconds = result.duration;
  return { latencies, failures: failures + result.errors, seconds, perSecond: latencies.length / seconds };
}
