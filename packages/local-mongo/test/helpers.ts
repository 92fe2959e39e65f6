// Test helpers: one offline engine per test file plus a connected MongoClient, and an assertion for server errors.
import { MongoClient } from 'mongodb';
import type { Db } from 'mongodb';
import type { OfflineEngine } from '../src/server';
import { startOfflineEngine } from '../src/server';

export interface Harness {
  engine: OfflineEngine;
  client: MongoClient;
  db(name?: string): Db;
  close(): Promise<void>;
}

let dbCounter = 0;

export async function startHarness(opts: { ttlIntervalMs?: number } = {}): Promise<Harness> {
  const engine = await startOfflineEngine({ port: 0, ...opts });
  const client = await MongoClient.connect(engine.uri, { serverSelectionTimeoutMS: 5000 });
  return {
    engine,
    client,
    db: (name) => client.db(name ?? `t${process.pid}_${++dbCounter}`),
    close: async () => {
      await client.close();
      await engine.stop();
    },
  };
}

/**
 * One engine for the whole test file and a fresh database for every test, handed over through `onDb`; answers the
 * harness (for its client) once it has started.
 */
export function useHarness(onDb: (db: Db) => void, opts: { ttlIntervalMs?: number } = {}): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness(opts);
  });
  beforeEach(() => {
    onDb(h!.db());
  });
  afterAll(async () => {
    await h?.close();
  });
  return () => h!;
}

/** Resolves to the rejection of `p` so tests can assert on code/codeName/message of MongoServerError. */
export async function serverError(
  p: Promise<unknown>,
): Promise<{ code?: number; codeName?: string; message: string } & Record<string, unknown>> {
  try {
    await p;
  } catch (err) {
    return err as { code?: number; codeName?: string; message: string } & Record<string, unknown>;
  }
  throw new Error('expected the operation to fail, but it succeeded');
}

/** The engine's own collection behind `db.name` (its planner counters), for tests that prove a query does not scan. */
export function engineCollection(harness: () => Harness, db: () => Db, name: string) {
  const c = harness().engine.engine.collection(db().databaseName, name);
  if (!c) throw new Error(`no collection ${name}`);
  return c;
}
