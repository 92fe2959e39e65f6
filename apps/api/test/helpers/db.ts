// setupTestDb(): connects mongoose to this worker's database, builds indexes, and clears data between tests (unless a
// file builds one world for all its tests and says so).
import mongoose from 'mongoose';
import { withDbName } from '../../src/lib/db';

export function setupTestDb({ clearBetweenTests = true } = {}): void {
  beforeAll(async () => {
    const uri = process.env.CX_TEST_MONGO_URI;
    if (!uri) throw new Error('CX_TEST_MONGO_URI is not set: the jest globalSetup did not run');
    const dbName = `cx_test_${process.env.JEST_WORKER_ID ?? '1'}`;
    await mongoose.connect(withDbName(uri, dbName), { serverSelectionTimeoutMS: 10000 });
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

/** Every document of every collection removed (indexes kept). */
export async function clearDb(): Promise<void> {
  const collections = Object.values(mongoose.connection.collections);
  await Promise.all(collections.map((c) => c.deleteMany({})));
}
