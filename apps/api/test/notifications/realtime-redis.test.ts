// Two API instances on one Redis: a rating accepted by instance A reaches a dashboard socket connected to instance B.
import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { redisEmitter, roomOf } from '../../src/lib/realtime';
import { setupTestDb } from '../helpers/db';
import { startApiProcess, type ApiProcess } from '../helpers/api-process';
import { submitBody, makeShop } from '../feedback/support';

const REDIS_URL = process.env.CX_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Decided before tests are declared (an absent Redis shows as skipped, never as a pass): a 1 s TCP probe. */
function reachable(url: string): boolean {
  const { hostname, port } = new URL(url);
  const probe = `require('net').createConnection({host:${JSON.stringify(hostname)},port:${Number(port || 6379)}})
    .on('connect',()=>process.exit(0)).on('error',()=>process.exit(1)).setTimeout(1000,()=>process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
}
const available = reachable(REDIS_URL);
if (!available && process.env.CX_REQUIRE_REDIS === '1')
  throw new Error(`Redis is not reachable at ${REDIS_URL}`);
const itWithRedis = available ? it : it.skip;

setupTestDb();
jest.setTimeout(120_000);
const instances: ApiProcess[] = [];
let socket: Socket | undefined;
let publisher: Redis | undefined;
afterAll(async () => {
  socket?.disconnect();
  publisher?.disconnect();
  await Promise.all(instances.map((i) => i.stop()));
});

describe('realtime across API instances (REDIS_URL)', () => {
  itWithRedis(
    'delivers a notification and a rating event from instance A to a socket on instance B',
    async () => {
      const mongoUri = process.env.CX_TEST_MONGO_URI!;
      const dbName = `cx_test_${process.env.JEST_WORKER_ID ?? '1'}`;
      instances.push(
        ...(await Promise.all([1, 2].map(() => startApiProcess({ mongoUri, dbName, redisUrl: REDIS_URL })))),
      );
      const [a, b] = instances as [ApiProcess, ApiProcess];
      const shop = await makeShop();

      socket = connect(b.url, {
        auth: { token: shop.business.token },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket!.once('connect', () => resolve());
        socket!.once('connect_error', reject);
      });
      expect(await socket.emitWithAck('register', shop.business.id)).toEqual({ ok: true });
      const notification = new Promise<{ message: string }>((resolve) =>
        socket!.once('notification', resolve),
      );
      const rating = new Promise<{ score: number }>((resolve) => socket!.once('rating', resolve));

      const res = await fetch(`${a.url}/api/v1/feedback/experience-ratings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(submitBody(shop.store, { score: 2, comment: 'Cold coffee' })),
      });
      expect(res.status).toBe(201);
      const timeout = (ms: number) =>
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref());
      const [n, r] = await Promise.race([Promise.all([notification, rating]), timeout(10_000)]);
      expect(n.message).toContain('Cold coffee');
      expect(r.score).toBe(2);
    },
  );

  itWithRedis(
    'delivers an event published by a process without Socket.IO (the jobs worker) to a socket on an API instance',
    async () => {
      const a = instances[0]!;
      const shop = await makeShop();
      const own = connect(a.url, {
        auth: { token: shop.business.token },
        transports: ['websocket'],
        reconnection: false,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          own.once('connect', () => resolve());
          own.once('connect_error', reject);
        });
        const received = new Promise<{ message: string }>((resolve) => own.once('notification', resolve));
        publisher = new Redis(REDIS_URL);
        // The worker's path: no Socket.IO server in this process, so publishToUser goes through this emitter.
        redisEmitter(publisher)!
          .to(roomOf(shop.business.id))
          .emit('notification', { message: 'Weekly summary ready' });
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), 10_000).unref(),
        );
        expect((await Promise.race([received, timeout])).message).toBe('Weekly summary ready');
      } finally {
        own.disconnect();
      }
    },
  );
});
