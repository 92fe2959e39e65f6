// Counts the MongoDB commands a piece of code sends (driver command monitoring on the test's own connection).
import mongoose from 'mongoose';
import { withDbName } from '../../src/lib/db';

/**
 * Call after setupTestDb(): reconnects mongoose with `monitorCommands` on (the driver only reports commands of
 * connections opened with it), and returns `count(fn)`, the number of commands fn sent.
 */
export function useCommandCounter(): {
  count: (fn: () => Promise<unknown>) => Promise<number>;
  /** How many documents the replies of fn's commands on `collection` carried back (find, aggregate, getMore). */
  documentsRead: (collection: string, fn: () => Promise<unknown>) => Promise<number>;
} {
  let n = 0;
  const collectionOf = new Map<number, string>();
  const read = new Map<string, number>();
  beforeAll(async () => {
    await mongoose.disconnect();
    const uri = withDbName(process.env.CX_TEST_MONGO_URI!, `cx_test_${process.env.JEST_WORKER_ID ?? '1'}`);
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 10000, monitorCommands: true });
    const client = mongoose.connection.getClient();
    client.on('commandStarted', (e) => {
      n += 1;
      const named = e.command[e.commandName] as unknown;
      const collection = e.commandName === 'getMore' ? e.command.collection : named;
      if (typeof collection === 'string') collectionOf.set(e.requestId, collection);
    });
    client.on('commandSucceeded', (e) => {
      const collection = collectionOf.get(e.requestId);
      collectionOf.delete(e.requestId);
      const cursor = (e.reply as { cursor?: { firstBatch?: unknown[]; nextBatch?: unknown[] } }).cursor;
      const docs = (cursor?.firstBatch ?? cursor?.nextBatch ?? []).length;
      if (collection) read.set(collection, (read.get(collection) ?? 0) + docs);
    });
  });
  return {
    async count(fn) {
      const before = n;
      await fn();
      return n - before;
    },
    async documentsRead(collection, fn) {
      const before = read.get(collection) ?? 0;
      await fn();
      return (read.get(collection) ?? 0) - before;
    },
  };
}
