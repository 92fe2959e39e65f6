// Counts the MongoDB commands a piece of code sends (driver command monitoring on the test's own connection).
import mongoose from 'mongoose';
import { withDbName } from '../../src/lib/db';

/**
 * Call after setupTestDb(): reconnects mongoose with `monitorCommands` on (the driver only reports commands of
 * connections opened with it), and returns `count(fn)`, the number of commands fn sent.
 */
export function useCommandCounter(): { count: (fn: () => Promise<unknown>) => Promise<number> } {
  let n = 0;
  beforeAll(async () => {
    await mongoose.disconnect();
    const uri = withDbName(process.env.CX_TEST_MONGO_URI!, `cx_test_${process.env.JEST_WORKER_ID ?? '1'}`);
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 10000, monitorCommands: true });
    mongoose.connection.getClient().on('commandStarted', () => void (n += 1));
  });
  return {
    async count(fn) {
      const before = n;
      await fn();
      return n - before;
    },
  };
}
