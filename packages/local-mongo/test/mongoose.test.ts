// Mongoose 9 smoke suite against the offline engine: indexes, populate, upserts, bulk updates, aggregation, errors, GridFS.
import mongoose from 'mongoose';
import type { Connection } from 'mongoose';
import { Readable } from 'node:stream';
import type { Harness } from './helpers';
import { startHarness } from './helpers';

let h: Harness;
let conn: Connection;

const storeSchema = new mongoose.Schema({ name: { type: String, required: true }, city: String });
const userSchema = new mongoose.Schema(
  {
    email: { type: String, required: true, unique: true, lowercase: true },
    name: String,
    age: { type: Number, min: 0 },
    store: { type: mongoose.Schema.Types.ObjectId, ref: 'Store' },
    lastSeen: Date,
    visits: { type: Number, default: 0 },
  },
  { timestamps: true },
);

beforeAll(async () => {
  h = await startHarness();
  conn = await mongoose
    .createConnection(`${h.engine.uri}mongoose_smoke`, { serverSelectionTimeoutMS: 5000 })
    .asPromise();
  models = makeModels(conn);
});
afterAll(async () => {
  await conn.close();
  await h.close();
});

const makeModels = (c: Connection) => ({
  Store: c.model('Store', storeSchema),
  User: c.model('User', userSchema),
});
let models: ReturnType<typeof makeModels>;
const Store = () => models.Store;
const User = () => models.User;

test('init/syncIndexes create the unique index', async () => {
  await User().init();
  await User().syncIndexes();
  const indexes = await User().collection.listIndexes().toArray();
  expect(indexes.map((i) => i.name)).toEqual(['_id_', 'email_1']);
  expect(indexes[1]?.unique).toBe(true);
});

test('create, find with populate, lean, Date and ObjectId fields', async () => {
  const store = await Store().create({ name: 'Main St', city: 'Oslo' });
  const seen = new Date('2024-05-01T10:00:00Z');
  await User().create({ email: 'Ann@Example.com', name: 'Ann', age: 30, store: store._id, lastSeen: seen });
  const ann = await User()
    .findOne({ email: 'ann@example.com' })
    .populate('store')
    .lean<{ store: { name: string }; lastSeen: Date; _id: mongoose.Types.ObjectId; createdAt: Date }>();
  expect(ann?.store.name).toBe('Main St');
  expect(ann?.lastSeen).toBeInstanceOf(Date);
  expect(ann?.lastSeen.getTime()).toBe(seen.getTime());
  expect(ann?._id).toBeInstanceOf(mongoose.Types.ObjectId);
  expect(ann?.createdAt).toBeInstanceOf(Date);
  const doc = await User().findById(ann?._id);
  expect(doc?.get('name')).toBe('Ann');
});

test('findOneAndUpdate with upsert, updateMany, countDocuments, deleteMany', async () => {
  const created = await User()
    .findOneAndUpdate(
      { email: 'bob@example.com' },
      { $set: { name: 'Bob', age: 41 } },
      { upsert: true, returnDocument: 'after' },
    )
    .lean<{ name: string; visits: number }>();
  expect(created?.name).toBe('Bob');
  const res = await User().updateMany({ age: { $gte: 18 } }, { $inc: { visits: 1 } });
  expect(res.matchedCount).toBe(2);
  expect(res.modifiedCount).toBe(2);
  expect(await User().countDocuments({ visits: { $gte: 1 } })).toBe(2);
  await User().create({ email: 'tmp1@example.com' });
  await User().create({ email: 'tmp2@example.com' });
  expect((await User().deleteMany({ email: /^tmp/ })).deletedCount).toBe(2);
  expect(await User().countDocuments()).toBe(2);
});

test('aggregate with $match/$group/$sort', async () => {
  const rows = await User().aggregate<{ _id: string; total: number }>([
    { $match: { age: { $exists: true } } },
    { $group: { _id: { $cond: [{ $gte: ['$age', 35] }, 'senior', 'junior'] }, total: { $sum: 1 } } },
    { $sort: { _id: 1 } },
  ]);
  expect(rows).toEqual([
    { _id: 'junior', total: 1 },
    { _id: 'senior', total: 1 },
  ]);
});

test('validation errors are raised client-side', async () => {
  await expect(User().create({ name: 'no email' })).rejects.toBeInstanceOf(mongoose.Error.ValidationError);
  await expect(User().create({ email: 'neg@example.com', age: -1 })).rejects.toThrow(/age/);
});

test('duplicate key surfaces as MongoServerError 11000 with keyValue', async () => {
  const err = await User()
    .create({ email: 'ann@example.com' })
    .then(
      () => undefined,
      (e: unknown) => e as { name: string; code: number; keyValue: unknown; keyPattern: unknown },
    );
  expect(err?.name).toBe('MongoServerError');
  expect(err?.code).toBe(11000);
  expect(err?.keyValue).toEqual({ email: 'ann@example.com' });
  expect(err?.keyPattern).toEqual({ email: 1 });
});

test('GridFSBucket upload/download round trip', async () => {
  const db = conn.db;
  if (!db) throw new Error('no db');
  const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'files', chunkSizeBytes: 1024 });
  const payload = Buffer.alloc(5000);
  for (let i = 0; i < payload.length; i++) payload[i] = (i * 31) % 256;
  const upload = bucket.openUploadStream('avatar.png', { metadata: { owner: 'ann' } });
  await new Promise<void>((resolve, reject) => {
    Readable.from([payload.subarray(0, 2500), payload.subarray(2500)])
      .pipe(upload)
      .on('finish', () => resolve())
      .on('error', reject);
  });
  const files = await bucket.find({ filename: 'avatar.png' }).toArray();
  expect(files).toHaveLength(1);
  expect(files[0]?.length).toBe(5000);
  expect(await db.collection('files.chunks').countDocuments()).toBe(5);
  const chunks: Buffer[] = [];
  for await (const c of bucket.openDownloadStream(upload.id)) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).equals(payload)).toBe(true);
  const idx = (await db.collection('files.chunks').listIndexes().toArray()).map((i) => i.name);
  expect(idx).toContain('files_id_1_n_1');
  await bucket.delete(upload.id);
  expect(await db.collection('files.chunks').countDocuments()).toBe(0);
});
