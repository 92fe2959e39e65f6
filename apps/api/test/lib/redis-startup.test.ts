// API processes started while Redis is unreachable: they start, serve, and pick Redis up (limits, fan-out) when it comes.
import { privateRedis } from '../helpers/private-redis';
import { io as connect, type Socket } from 'socket.io-client';
import { ZHealthSchema, type THealth } from '@cx/contracts';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { startApiProcess, type ApiProcess } from '../helpers/api-process';
import { makeShop, submitBody, type Shop } from '../feedback/support';

const itWithRedis = privateRedis.available ? it : it.skip;

setupTestDb();
jest.setTimeout(180_000);
const instances: ApiProcess[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all(instances.map((i) => i.stop()));
  await privateRedis.stop();
});

const health = async (api: ApiProcess): Promise<THealth> =>
  ZHealthSchema.parse(await (await fetch(`${api.url}/api/v1/health`)).json());

async function healthBecomes(api: ApiProcess, redis: THealth['redis']): Promise<THealth> {
  // a bound on waiting, not a speed target: two API processes under tsx on a 2-core machine running the whole suite
  // took over 20 s to see a Redis that had come up (ioredis retries every 2 s at most)
  const deadline = Date.now() + 60_000;
  for (;;) {
    const body = await health(api);
    if (body.redis === redis) return body;
    if (Date.now() > deadline) throw new Error(`health never showed redis: ${redis} (last: ${body.redis})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function dashboardSocket(api: ApiProcess, shop: Shop): Promise<Socket> {
  const socket = connect(api.url, {
    auth: { token: shop.business.token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const nextRating = (socket: Socket) =>
  Promise.race([
    new Promise<{ score: number }>((resolve) => socket.once('rating', resolve)),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no rating event within 10 s')), 10_000).unref(),
    ),
  ]);

async function rate(api: ApiProcess, shop: Shop, score: number): Promise<void> {
  const res = await fetch(`${api.url}/api/v1/feedback/experience-ratings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(submitBody(shop.store, { score, deviceId: newDeviceId() })),
  });
  expect(res.status).toBe(201);
}

describe('API start-up without Redis (REDIS_URL unreachable)', () => {
  itWithRedis(
    'starts, serves ratings and realtime on its own, and shares through Redis once it is up',
    async () => {
      const mongoUri = process.env.CX_TEST_MONGO_URI!;
      const dbName = `cx_test_${process.env.JEST_WORKER_ID ?? '1'}`;
      // One after the other: two cold starts at once on a loaded machine can pass the helper's 60 s start deadline.
      for (let i = 0; i < 2; i += 1) {
        instances.push(
          await startApiProcess({
            mongoUri,
            dbName,
            redisUrl: privateRedis.url,
            env: { RATE_LIMIT_DISABLED: '0' },
          }),
        );
      }
      const [a, b] = instances as [ApiProcess, ApiProcess];
      for (const api of [a, b]) {
        expect(await health(api)).toMatchObject({ redis: 'unavailable', rateLimits: 'per-instance' });
      }
      const shop = await makeShop();

      // Without Redis each instance still delivers its own events (and a refused publish does not end the process).
      const onA = await dashboardSocket(a, shop);
      const seenOnA = nextRating(onA);
      await rate(a, shop, 3);
      expect((await seenOnA).score).toBe(3);

      // Redis arrives: both instances pick it up without a restart, and events cross instances again.
      await privateRedis.start();
      for (const api of [a, b]) {
        expect(await healthBecomes(api, 'connected')).toMatchObject({
          redis: 'connected',
          rateLimits: 'shared',
        });
      }
      const onB = await dashboardSocket(b, shop);
      const seenOnB = nextRating(onB);
      await rate(a, shop, 5);
      expect((await seenOnB).score).toBe(5);

      // Node prints an unhandled rejection on stderr (and ends the process) whatever the log level.
      for (const api of [a, b]) {
        expect(api.logs.join('\n')).not.toMatch(/unhandled|UnhandledPromiseRejection/i);
        expect((await health(api)).status).toBe('ok');
      }
    },
  );
});
