// setupTestDb(): connects mongoose to this worker's database, builds indexes, and clears data between tests (unless a
// file builds one world for all its tests and says so).
import mongoose from 'mongoose';
import { withDbName } from '../../src/lib/db';

export function setupTestDb({ clearBetweenTests = true } = {}): void {
  beforeAll(async () => {
    const uri = process.env.CX_TEST_MONGO_URI;
    if (!uri) throw new Error('CX_TEST_MONGO_URI is not set: the jest globalSetup did not run');
    const dbName = `cx_test_${process.env.JEST_WORKER_ID ?? '1'}`;
    await mongoose.connect(withDbName(uri, dbName), {
      serverSelectionTimeoutMS: 10000,
      monitorCommands: true,
    });
    mongoose.connection.getClient().on('commandStarted', noteWrite);
    await mongoose.connection.dropDatabase();
    await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).init()));
  });

  afterEach(async () => {
    if (clearBetweenTests) await clearDb();
  });

  afterAll(async () => {
    await mongoose.disconnect();
  });
}

/** The commands that change a collection's documents, named by the collection they change. */
const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);
/** Collections written through this worker's connection since the last clear; null: clear them all. */
let dirty: Set<string> | null = null;

function noteWrite(event: { commandName: string; command: Record<string, unknown> }): void {
  if (dirty && WRITES.has(event.commandName)) dirty.add(String(event.command[event.commandName]));
}

/** Writers outside this connection (API processes a test started) still running: every clear then clears all. */
let outsideWriters = 0;

/**
 * Clears remove every collection's documents, not only those this connection wrote, from now until the returned
 * function is called and one clear after: for writes that come from elsewhere (an API process a test started).
 */
export function writesFromElsewhere(): () => void {
  outsideWriters++;
  dirty = null;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    outsideWriters--;
    dirty = null;
  };
}

/**
 * Every document of every collection removed (indexes kept). Only the collections written through this worker's
 * connection since the last clear need it (a test touches a handful of ~50): the rest are still empty.
 */
export async function clearDb(): Promise<void> {
  const all = !dirty || outsideWriters > 0;
  const collections = Object.values(mongoose.connection.collections).filter(
    (c) => all || dirty!.has(c.collectionName),
  );
  dirty = new Set();
  await Promise.all(collections.map((c) => c.deleteMany({})));
}
