// The Teams migration on a database written the old way (owner-keyed records, subscription on the user): logins, QR
// pages and figures keep working, and a second run changes nothing.
import bcrypt from 'bcrypt';
import mongoose, { Types } from 'mongoose';
import request from 'supertest';
import { createApp } from '../../src/app';
import { localDay, localHour } from '../../src/lib/time';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { recordRatingInRollups } from '../../src/modules/analytics/rollup.service';
import { AnalyticsSettingsModel } from '../../src/modules/analytics/analytics-settings.model';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { RuleModel } from '../../src/modules/notifications/rule.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { migrateToBusinesses } from '../../src/scripts/migrate-teams';
import { setupTestDb } from '../helpers/db';
import { makeShift, makeStaff, makeStore, makeUser } from '../factories';

setupTestDb();
const app = createApp();
jest.setTimeout(120_000);

const db = () => mongoose.connection.db!;
const PASSWORD = 'OldTimes123!';
/** The collections that were keyed by `owner` before Teams, named here independently of the migration's own list. */
const OLD_COLLECTIONS = [
  'stores',
  'staffs',
  'shifts',
  'ratings',
  'rollups',
  'businessrollups',
  'notificationrules',
  'notifications',
  'analyticssettings',
];
/** Indexes the old models declared on `owner`. */
const OLD_INDEXES: Array<[string, Record<string, 1 | -1>, { unique?: boolean }?]> = [
  ['stores', { owner: 1, deletedAt: 1, name: 1 }],
  ['staffs', { owner: 1, deletedAt: 1, name: 1 }],
  ['shifts', { owner: 1, day: 1 }],
  ['ratings', { owner: 1, createdAt: -1, _id: -1 }],
  ['rollups', { owner: 1, metric: 1, day: 1 }],
  ['businessrollups', { owner: 1, metric: 1, day: 1 }, { unique: true }],
  ['notificationrules', { owner: 1, type: 1 }],
  ['notifications', { owner: 1, createdAt: -1 }],
  ['analyticssettings', { owner: 1 }, { unique: true }],
];

/** Rewrites every record of a collection with `owner` where it has `business` (the pre-Teams shape). */
async function toOwnerShape(name: string) {
  const coll = db().collection(name);
  const docs = await coll.find().toArray();
  await coll.deleteMany({});
  await coll.dropIndexes();
  if (docs.length === 0) return;
  await coll.insertMany(docs.map(({ business, ...rest }) => ({ ...rest, owner: business })));
}

interface OldWorld {
  ownerId: Types.ObjectId;
  email: string;
  storeIds: string[];
  scores: number[];
}

/** A pre-Teams database: built with today's models for realistic documents, then rewritten to the old shape. */
async function seedTheOldWay(): Promise<OldWorld> {
  await mongoose.connection.dropDatabase(); // no index of the new shape: the old API never built them
  const ownerId = new Types.ObjectId();
  const email = 'old.owner@example.com';
  const [a, b] = [
    await makeStore(ownerId, { name: 'Old Street', timeZone: 'Europe/London' }),
    await makeStore(ownerId, { name: 'Broadway', timeZone: 'America/New_York' }),
  ];
  const staff = await makeStaff(ownerId, [a._id]);
  await makeShift(ownerId, a, staff, new Date(Date.now() - 3 * 3600000), new Date(Date.now() + 3600000));
  const scores: number[] = [];
  for (let i = 0; i < 24; i++) {
    const store = i % 3 === 0 ? b : a;
    const score = (i % 5) + 1;
    const at = new Date(Date.now() - (i * 17 + 1) * 3600000);
    const doc = {
      business: ownerId,
      store: store._id,
      staff: i % 2 === 0 && store === a ? staff._id : null,
      kind: i % 2 === 0 && store === a ? ('staff' as const) : ('experience' as const),
      score,
      comment: '',
      day: localDay(at, store.timeZone),
      hour: localHour(at, store.timeZone),
      createdAt: at,
    };
    await RatingModel.create(doc);
    await recordRatingInRollups(doc);
    scores.push(score);
  }
  const rule = await RuleModel.create({ business: ownerId, type: 'low-rating', params: { threshold: 2 } });
  await NotificationModel.create({
    business: ownerId,
    rule: rule._id,
    type: 'low-rating',
    message: 'm',
    text: 't',
  });
  await AnalyticsSettingsModel.create({ business: ownerId, minSample: 5 });
  for (const name of OLD_COLLECTIONS) await toOwnerShape(name);
  for (const [name, key, opts] of OLD_INDEXES)
    await db()
      .collection(name)
      .createIndex(key, opts ?? {});
  await db()
    .collection('files.files')
    .insertOne({
      length: 0,
      chunkSize: 261120,
      uploadDate: new Date(),
      filename: 'store-1',
      metadata: { owner: String(ownerId), purpose: 'store', contentType: 'image/png' },
    });
  await db().collection('users').createIndex({ email: 1 }, { unique: true });
  await db().collection('users').createIndex({ stripeCustomerId: 1 }, { sparse: true });
  await db()
    .collection('users')
    .insertOne({
      _id: ownerId,
      fullname: 'Olga Oldtimer',
      email,
      passwordHash: await bcrypt.hash(PASSWORD, 4),
      tokenVersion: 0,
      profilePicture: null,
      timeZone: 'Europe/London',
      emailVerifiedAt: new Date(),
      selectedStore: a._id,
      userType: 'business-owner',
      subscriptionStatus: 'active',
      trialEndsAt: null,
      currentPeriodStart: new Date(Date.now() - 5 * 86400000),
      currentPeriodEnd: new Date(Date.now() + 25 * 86400000),
      plan: 'basic-monthly',
      stripeCustomerId: 'cus_old123',
      stripeSubscriptionId: 'sub_old123',
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      billingOrder: '0001',
      createdAt: new Date(Date.now() - 90 * 86400000),
      updatedAt: new Date(),
    });
  return { ownerId, email, storeIds: [String(a._id), String(b._id)], scores };
}

/** Every document and index of the database, for comparing two states. */
async function dump() {
  const out: Record<string, unknown> = {};
  for (const { name } of await db().listCollections({}, { nameOnly: true }).toArray()) {
    const coll = db().collection(name);
    out[name] = {
      docs: await coll.find().sort({ _id: 1 }).toArray(),
      indexes: (await coll.listIndexes().toArray()).map((i) => [i.name, i.key]).sort(),
    };
  }
  return out;
}

describe('pnpm --filter @cx/api migrate (migrateToBusinesses)', () => {
  it('turns the owner into a business with its subscription; logins, QR pages and figures keep working', async () => {
    const old = await seedTheOldWay();
    const counts = await migrateToBusinesses();
    expect(counts).toMatchObject({ businesses: 1, memberships: 1, users: 1, assignedToUser: 2 });
    expect(counts.renamed).toMatchObject({ stores: 2, staffs: 1, shifts: 1, ratings: 24, 'files.files': 1 });
    expect(counts.indexesDropped).toBe(OLD_INDEXES.length + 1);

    const user = await db().collection('users').findOne({ _id: old.ownerId });
    for (const gone of ['userType', 'subscriptionStatus', 'plan', 'stripeCustomerId', 'billingOrder'])
      expect(user).not.toHaveProperty(gone);
    expect(String(user!.currentBusiness)).toBe(String(old.ownerId));
    expect(await db().collection('businesses').findOne({ _id: old.ownerId })).toMatchObject({
      name: "Olga Oldtimer's business",
      timeZone: 'Europe/London',
      subscriptionStatus: 'active',
      plan: 'basic-monthly',
      stripeCustomerId: 'cus_old123',
      stripeSubscriptionId: 'sub_old123',
      billingOrder: '0001',
    });
    for (const name of OLD_COLLECTIONS) {
      expect(
        await db()
          .collection(name)
          .countDocuments({ owner: { $exists: true } }),
      ).toBe(0);
      const keys = (await db().collection(name).listIndexes().toArray()).flatMap((i) => Object.keys(i.key));
      expect(keys).not.toContain('owner');
    }
    expect(await db().collection('ratings').countDocuments({ business: old.ownerId })).toBe(24);
    expect(await db().collection('notifications').findOne()).toMatchObject({
      business: old.ownerId,
      user: old.ownerId,
    });
    expect(await db().collection('files.files').findOne()).toMatchObject({
      metadata: { business: String(old.ownerId) },
    });

    const login = await request(app)
      .post('/api/v1/user/login')
      .send({ email: old.email, password: PASSWORD })
      .expect(200);
    expect(login.body.user).toMatchObject({
      role: 'owner',
      subscriptionStatus: 'active',
      business: { _id: String(old.ownerId) },
    });
    const auth = { Authorization: `Bearer ${login.body.token}` };

    const stores = (await request(app).get('/api/v1/store').set(auth).expect(200)).body.stores as Array<{
      _id: string;
    }>;
    expect(stores.map((s) => s._id).sort()).toEqual([...old.storeIds].sort());
    for (const id of old.storeIds)
      await request(app).get(`/api/v1/anonymous/store-details/${id}`).expect(200);

    const snapshot = (
      await request(app).get('/api/v1/analytics/snapshot?period=last30').set(auth).expect(200)
    ).body;
    const mean = old.scores.reduce((s, x) => s + x, 0) / old.scores.length;
    expect(snapshot.ratings.value).toBe(old.scores.length);
    expect(snapshot.average.value).toBeCloseTo(mean, 1);
    expect(snapshot.csat.value).toBeCloseTo(
      (100 * old.scores.filter((s) => s >= 4).length) / old.scores.length,
      0,
    );
    expect((await rebuildRollups({ check: true })).differences).toBe(0);
  });

  it('changes nothing on a second run, and leaves businesses founded after Teams alone', async () => {
    await seedTheOldWay();
    const newcomer = await makeUser();
    await makeStore(newcomer.id);
    expect((await migrateToBusinesses()).changes).toBeGreaterThan(0);
    const before = await dump();
    const again = await migrateToBusinesses();
    expect(again).toEqual({
      businesses: 0,
      memberships: 0,
      users: 0,
      renamed: {},
      assignedToUser: 0,
      indexesDropped: 0,
      changes: 0,
    });
    expect(await dump()).toEqual(before);
    await request(app).get('/api/v1/store').set(newcomer.auth).expect(200);
    expect(await db().collection('memberships').countDocuments({ user: newcomer.user._id })).toBe(1);
  });
});
