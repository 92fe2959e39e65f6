// Milestone smoke test: the mongodb driver can handshake, write, read and administer through the offline engine.
import type { Harness } from './helpers';
import { serverError, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

test('basic CRUD round trip through the mongodb driver', async () => {
  const db = h.db();
  const users = db.collection<{ email: string; n?: number }>('users');
  await users.createIndex({ email: 1 }, { unique: true });
  const { insertedId } = await users.insertOne({ email: 'a@b.c', n: 1 });
  expect(insertedId).toBeDefined();
  const dup = await serverError(users.insertOne({ email: 'a@b.c' }));
  expect(dup.code).toBe(11000);
  expect(dup.message).toBe(
    'E11000 duplicate key error collection: ' +
      db.databaseName +
      '.users index: email_1 dup key: { email: "a@b.c" }',
  );
  await users.updateOne({ email: 'a@b.c' }, { $inc: { n: 2 } });
  expect((await users.findOne({ email: 'a@b.c' }))?.n).toBe(3);
  expect(await users.countDocuments()).toBe(1);
  await users.deleteOne({ email: 'a@b.c' });
  expect(await users.countDocuments()).toBe(0);
  expect(await db.dropDatabase()).toBe(true);
});
