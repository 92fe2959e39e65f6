// The MongoDB driver (patched, see patches/mongodb@7.8.0.patch) fails a command whose socket dies as it is written.
import { Socket } from 'node:net';
import { MongoClient } from 'mongodb';
import { startOfflineEngine, type OfflineEngine } from '@cx/local-mongo';

/** Resolves with `value` after `ms` unless cancelled (so no timer outlives the test). */
function after<T>(ms: number, value: T): { promise: Promise<T>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<T>((r) => (timer = setTimeout(() => r(value), ms)));
  return { promise, cancel: () => clearTimeout(timer) };
}

let engine: OfflineEngine;
let client: MongoClient;

beforeAll(async () => {
  engine = await startOfflineEngine();
  client = new MongoClient(engine.uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
});

afterAll(async () => {
  await client.close();
  await engine.stop();
});

describe('a MongoDB connection lost mid-command', () => {
  it('fails the command instead of hanging it, and the client recovers', async () => {
    const db = client.db('loss');
    await expect(db.command({ ping: 1 })).resolves.toMatchObject({ ok: 1 });

    // The next write to the engine finds its socket already gone (as when MongoDB drops every connection while a
    // command — e.g. the monitor's hello — is on its way out). Unpatched, the driver awaited a 'drain' that a
    // destroyed socket never emits: the monitor's check hung for good and the instance answered 503 until restarted.
    const write = Socket.prototype.write;
    let armed = true;
    const spy = jest.spyOn(Socket.prototype, 'write').mockImplementation(function (
      this: Socket,
      ...args: Parameters<Socket['write']>
    ) {
      if (armed && this.remotePort === engine.port) {
        armed = false;
        this.destroy();
      }
      return write.apply(this, args);
    });
    let outcome: string;
    const deadline = after(5000, 'still waiting after 5 s');
    try {
      outcome = await Promise.race([
        db.command({ ping: 1 }).then(
          () => 'answered',
          (err: Error) => err.name,
        ),
        deadline.promise,
      ]);
    } finally {
      deadline.cancel();
      spy.mockRestore();
    }
    expect(armed).toBe(false);
    expect(outcome).toBe('MongoNetworkError');
    await expect(db.command({ ping: 1 })).resolves.toMatchObject({ ok: 1 });
  });
});
