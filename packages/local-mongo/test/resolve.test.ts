// startMongo() resolution order and the serve CLI: MONGODB_URI wins, no cached binary means an immediate offline engine.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startMongo } from '../src';

test('MONGODB_URI is returned as-is (minus database), with a no-op stop and one masked log line', async () => {
  const lines: string[] = [];
  const m = await startMongo({
    env: { MONGODB_URI: 'mongodb://u:secret@db.example:27017/app?authSource=admin' },
    log: (l) => lines.push(l),
  });
  expect(m.backend).toBe('uri');
  expect(m.uri).toBe('mongodb://u:secret@db.example:27017/?authSource=admin');
  expect(lines).toEqual(['[mongo] backend=uri uri=mongodb://***@db.example:27017/?authSource=admin']);
  await expect(m.stop()).resolves.toBeUndefined();
});

test('without MONGODB_URI or a cached mongod the offline engine starts immediately', async () => {
  const lines: string[] = [];
  const started = Date.now();
  const m = await startMongo({
    env: { MONGOMS_SYSTEM_BINARY: '/definitely/not/mongod' },
    log: (l) => lines.push(l),
  });
  try {
    expect(Date.now() - started).toBeLessThan(3000);
    expect(m.backend).toBe('offline-engine');
    expect(m.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[mongo\] backend=offline-engine uri=mongodb:\/\/127\.0\.0\.1:\d+\/ \(/);
    const client = await MongoClient.connect(`${m.uri}resolve_check`);
    await client.db().collection('x').insertOne({ ok: true });
    expect(await client.db().collection('x').countDocuments()).toBe(1);
    await client.close();
  } finally {
    await m.stop();
  }
});

test('serve CLI prints the URI, serves clients and exits cleanly on SIGTERM', async () => {
  const tsx = path.join(__dirname, '..', 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [path.join(__dirname, '..', 'src', 'cli.ts'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const uri = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('mongodb://'));
      if (line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`cli exited early with ${code}`)));
  });
  const client = await MongoClient.connect(`${uri}cli_check`);
  expect((await client.db().command({ ping: 1 })).ok).toBe(1);
  await client.close();
  const exitCode = await new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
  expect(exitCode).toBe(0);
});

test('engineProcess runs the offline engine in a child process that serves clients and ends on stop()', async () => {
  const m = await startMongo({
    env: { MONGOMS_SYSTEM_BINARY: '/definitely/not/mongod' },
    engineProcess: true,
    log: () => undefined,
  });
  const client = await MongoClient.connect(`${m.uri}child_check`);
  try {
    expect(m.backend).toBe('offline-engine');
    await client.db().collection('x').insertOne({ ok: true });
    expect(await client.db().collection('x').countDocuments()).toBe(1);
    expect(m.pid).toEqual(expect.any(Number));
    expect(m.pid).not.toBe(process.pid);
    expect(() => process.kill(m.pid!, 0)).not.toThrow();
  } finally {
    await client.close();
    await m.stop();
  }
  expect(() => process.kill(m.pid!, 0)).toThrow();
  await expect(
    MongoClient.connect(`${m.uri}child_check`, { serverSelectionTimeoutMS: 500 }),
  ).rejects.toThrow();
});
