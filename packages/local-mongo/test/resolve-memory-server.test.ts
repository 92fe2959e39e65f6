// startMongo()'s mongodb-memory-server branch with the package mocked: used when a binary is cached, raced against a timer.
import { startMongo } from '../src';

type Behaviour = 'hang' | 'start' | 'none-cached';
let behaviour: Behaviour = 'hang';
const stops: string[] = [];

jest.mock('mongodb-memory-server', () => ({
  DryMongoBinary: {
    generateOptions: async () => ({}),
    locateBinary: async () => (behaviour === 'none-cached' ? undefined : '/cache/mongod'),
    getSystemPath: async () => undefined,
  },
  MongoMemoryServer: {
    create: () =>
      behaviour === 'hang'
        ? new Promise(() => undefined)
        : Promise.resolve({ getUri: () => 'mongodb://127.0.0.1:27999/', stop: async () => stops.push('stopped') }),
  },
}));

test('a cached binary that starts in time is used', async () => {
  behaviour = 'start';
  const lines: string[] = [];
  const m = await startMongo({ env: {}, log: (l) => lines.push(l) });
  expect(m.backend).toBe('memory-server');
  expect(m.uri).toBe('mongodb://127.0.0.1:27999/');
  expect(lines).toEqual(['[mongo] backend=memory-server uri=mongodb://127.0.0.1:27999/']);
  await m.stop();
  expect(stops).toEqual(['stopped']);
});

test('a hanging memory server is abandoned after memoryServerTimeoutMs', async () => {
  behaviour = 'hang';
  const lines: string[] = [];
  const started = Date.now();
  const m = await startMongo({ env: {}, memoryServerTimeoutMs: 300, log: (l) => lines.push(l) });
  try {
    expect(Date.now() - started).toBeLessThan(2000);
    expect(m.backend).toBe('offline-engine');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('did not start within 300 ms');
  } finally {
    await m.stop();
  }
});

test('no cached binary skips the memory server unless MONGOMS_TRY_DOWNLOAD=1', async () => {
  behaviour = 'none-cached';
  const lines: string[] = [];
  const m = await startMongo({ env: {}, log: (l) => lines.push(l) });
  await m.stop();
  expect(m.backend).toBe('offline-engine');
  expect(lines[0]).toContain('no cached mongod binary');
});
