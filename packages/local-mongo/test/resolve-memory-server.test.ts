// startMongo()'s mongodb-memory-server branch with the package mocked: used when a binary is cached, raced against a timer.
import { startMongo } from '../src';

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Behaviour = 'hang' | 'start' | 'none-cached' | 'download-fails';
let behaviour: Behaviour = 'hang';
const stops: string[] = [];

jest.mock('mongodb-memory-server', () => ({
  DryMongoBinary: {
    generateOptions: async () => ({}),
    locateBinary: async () =>
      behaviour === 'none-cached' || behaviour === 'download-fails' ? undefined : '/cache/mongod',
    getSystemPath: async () => undefined,
  },
  MongoMemoryServer: {
    create: () =>
      behaviour === 'hang'
        ? new Promise(() => undefined)
        : behaviour === 'download-fails'
          ? Promise.reject(new Error('Download failed: getaddrinfo ENOTFOUND'))
          : Promise.resolve({
              getUri: () => 'mongodb://127.0.0.1:27999/',
              stop: async () => stops.push('stopped'),
            }),
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

test('MONGOMS_TRY_DOWNLOAD=0 skips the download attempt when no binary is cached', async () => {
  behaviour = 'none-cached';
  const lines: string[] = [];
  const m = await startMongo({ env: { MONGOMS_TRY_DOWNLOAD: '0' }, log: (l) => lines.push(l) });
  await m.stop();
  expect(m.backend).toBe('offline-engine');
  expect(lines[0]).toContain('MONGOMS_TRY_DOWNLOAD=0');
});

test('a failed download falls back to the engine and is not retried within the hour', async () => {
  behaviour = 'download-fails';
  const dir = mkdtempSync(join(tmpdir(), 'lm-'));
  const marker = join(dir, 'marker');
  try {
    const lines: string[] = [];
    const first = await startMongo({
      env: { LOCAL_MONGO_DOWNLOAD_MARKER: marker },
      log: (l) => lines.push(l),
    });
    await first.stop();
    expect(first.backend).toBe('offline-engine');
    expect(lines[0]).toContain('memory-server failed: Download failed');
    expect(existsSync(marker)).toBe(true);
    const second = await startMongo({
      env: { LOCAL_MONGO_DOWNLOAD_MARKER: marker },
      log: (l) => lines.push(l),
    });
    await second.stop();
    expect(lines[1]).toContain('download failed within the last hour');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
