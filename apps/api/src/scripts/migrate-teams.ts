// The Teams migration: owner-keyed records and user-held subscriptions become businesses, owner memberships and `business` keys.
import mongoose from 'mongoose';
import type { Collection, Db, Document } from 'mongodb';
// Every model with a tenant field is imported so it is registered and its collection found from its schema.
import '../modules/stores/store.model';
import '../modules/staff/staff.model';
import '../modules/rota/shift.model';
import '../modules/ratings/rating.model';
import '../modules/ratings/rating-audit.model';
import '../modules/analytics/rollup.model';
import '../modules/analytics/analytics-settings.model';
import '../modules/feedback/feedback-event.model';
import '../modules/notifications/rule.model';
import '../modules/notifications/notification.model';
import '../modules/plans/billing.models';
import { UserModel } from '../modules/users/user.model';
import { BusinessModel } from '../tenancy/business.model';
import { MembershipModel } from '../tenancy/membership.model';

/** The subscription as the User document held it before Teams, with the defaults the old schema gave it. */
const SUBSCRIPTION_DEFAULTS: Record<string, unknown> = {
  subscriptionStatus: 'trialing',
  trialEndsAt: null,
  currentPeriodEnd: null,
  currentPeriodStart: null,
  plan: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  billingOrder: null,
};
const MOVED_USER_FIELDS = [...Object.keys(SUBSCRIPTION_DEFAULTS), 'userType'];
/** Collections whose records also name the member they are for (each member has their own read state). */
const PER_USER_COLLECTIONS = new Set([
  mongoose.model('Notification').collection.collectionName,
  mongoose.model('NotificationRule').collection.collectionName,
  mongoose.model('NotificationSettings').collection.collectionName,
]);
/** GridFS: uploads kept their tenant in the file's metadata. */
const FILES_COLLECTION = 'files.files';

export interface MigrationCounts {
  /** Businesses created from a user. */
  businesses: number;
  /** Owner memberships created. */
  memberships: number;
  /** Users changed (subscription moved off, current business set). */
  users: number;
  /** Records whose `owner` became `business`, per collection. */
  renamed: Record<string, number>;
  /** Notifications and rules given the member they are for. */
  assignedToUser: number;
  /** Indexes on `owner` (or on fields moved off the user) dropped. */
  indexesDropped: number;
  /** Everything above added up: 0 when the database was already migrated. */
  changes: number;
}

/** The collections of registered models that carry a tenant (`business`) field, ordered by name. */
export function tenantCollections(): string[] {
  const names = mongoose
    .modelNames()
    .map((n) => mongoose.model(n))
    .filter((m) => m.schema.path('business') && m !== MembershipModel)
    .map((m) => m.collection.collectionName);
  return [...new Set(names)].sort();
}

async function existing(db: Db): Promise<Set<string>> {
  return new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
}

/** Drops the indexes whose key names one of the fields; answers how many were dropped. */
async function dropIndexesOn(coll: Collection, fields: (key: string) => boolean): Promise<number> {
  let dropped = 0;
  for (const index of await coll.listIndexes().toArray()) {
    if (index.name === '_id_') continue;
    if (Object.keys(index.key as Document).some(fields)) {
      await coll.dropIndex(index.name as string);
      dropped++;
    }
  }
  return dropped;
}

/** Ids of every user who owns records or still holds a subscription on their User document. */
async function ownersToMigrate(db: Db, collections: string[]): Promise<mongoose.Types.ObjectId[]> {
  const ids = new Map<string, mongoose.Types.ObjectId>();
  const add = (v: unknown) => {
    if (v == null) return;
    const id =
      v instanceof mongoose.Types.ObjectId
        ? v
        : mongoose.Types.ObjectId.isValid(String(v))
          ? new mongoose.Types.ObjectId(String(v))
          : null;
    if (id) ids.set(String(id), id);
  };
  for (const name of collections) for (const v of await db.collection(name).distinct('owner')) add(v);
  for (const v of await db.collection(FILES_COLLECTION).distinct('metadata.owner')) add(v);
  const holders = await db
    .collection(UserModel.collection.collectionName)
    .find({ $or: MOVED_USER_FIELDS.map((f) => ({ [f]: { $exists: true } })) }, { projection: { _id: 1 } })
    .toArray();
  for (const u of holders) add(u._id);
  return [...ids.values()];
}

/** Business, owner membership and current business for one user; the subscription leaves the user. */
async function migrateUser(db: Db, userId: mongoose.Types.ObjectId, counts: MigrationCounts, now: Date) {
  const users = db.collection(UserModel.collection.collectionName);
  const user = await users.findOne({ _id: userId });
  if (!user) return; // records of a deleted user: renamed below, but nobody to found a business for
  const moved: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  for (const [field, fallback] of Object.entries(SUBSCRIPTION_DEFAULTS)) {
    if (user[field] !== undefined) moved[field] = user[field];
    else defaults[field] = fallback;
  }
  const business = await db.collection(BusinessModel.collection.collectionName).updateOne(
    { _id: userId },
    {
      // What the user held wins (an interrupted earlier run may have founded the business already).
      ...(Object.keys(moved).length > 0 ? { $set: moved } : {}),
      $setOnInsert: {
        name: `${String(user.fullname ?? 'My')}'s business`,
        timeZone: user.timeZone ?? 'UTC',
        createdBy: userId,
        ...defaults,
        createdAt: user.createdAt ?? now,
        updatedAt: now,
      },
    },
    { upsert: true },
  );
  counts.businesses += business.upsertedCount;
  const membership = await db
    .collection(MembershipModel.collection.collectionName)
    .updateOne(
      { business: userId, user: userId },
      { $setOnInsert: { role: 'owner', allStores: true, stores: [], createdAt: now, updatedAt: now } },
      { upsert: true },
    );
  counts.memberships += membership.upsertedCount;
  const unset = Object.fromEntries(
    MOVED_USER_FIELDS.filter((f) => user[f] !== undefined).map((f) => [f, '']),
  );
  const current = user.currentBusiness == null ? { currentBusiness: userId } : null;
  if (Object.keys(unset).length > 0 || current) {
    const res = await users.updateOne(
      { _id: userId },
      { ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}), ...(current ? { $set: current } : {}) },
    );
    counts.users += res.modifiedCount;
  }
}

/**
 * Migrates a database written before Teams. Idempotent: every step only touches what is still in the old shape, so
 * a second run (or a run after an interrupted one) finishes the work and reports 0 changes once there is none left.
 * Run it before the new API version starts; it uses the raw collections because the models lost the old fields.
 */
export async function migrateToBusinesses(
  db: Db | undefined = mongoose.connection.db,
  now = new Date(),
): Promise<MigrationCounts> {
  if (!db) throw new Error('MongoDB is not connected');
  const counts: MigrationCounts = {
    businesses: 0,
    memberships: 0,
    users: 0,
    renamed: {},
    assignedToUser: 0,
    indexesDropped: 0,
    changes: 0,
  };
  const present = await existing(db);
  const collections = tenantCollections().filter((c) => present.has(c));

  for (const userId of await ownersToMigrate(db, collections)) await migrateUser(db, userId, counts, now);

  // Old indexes first: a unique index on `owner` would otherwise reject nothing but still be kept for ever.
  for (const name of collections)
    counts.indexesDropped += await dropIndexesOn(
      db.collection(name),
      (k) => k === 'owner' || k.startsWith('owner.'),
    );
  if (present.has(UserModel.collection.collectionName)) {
    counts.indexesDropped += await dropIndexesOn(db.collection(UserModel.collection.collectionName), (k) =>
      MOVED_USER_FIELDS.includes(k),
    );
  }

  for (const name of collections) {
    const coll = db.collection(name);
    const res = await coll.updateMany({ owner: { $exists: true } }, { $rename: { owner: 'business' } });
    if (res.modifiedCount > 0) counts.renamed[name] = res.modifiedCount;
    if (PER_USER_COLLECTIONS.has(name)) {
      // Before Teams the only reader of a business's notifications and rules was its owner (whose id it is).
      // `user: null` matches a missing field too (and a null written by a model default before this ran).
      for (const business of await coll.distinct('business', { user: null })) {
        const given = await coll.updateMany(
          { business, user: null },
          { $set: { user: business } },
        );
        counts.assignedToUser += given.modifiedCount;
      }
    }
  }
  if (present.has(FILES_COLLECTION)) {
    const res = await db
      .collection(FILES_COLLECTION)
      .updateMany(
        { 'metadata.owner': { $exists: true } },
        { $rename: { 'metadata.owner': 'metadata.business' } },
      );
    if (res.modifiedCount > 0) counts.renamed[FILES_COLLECTION] = res.modifiedCount;
  }

  // The models' own indexes (createIndexes only adds what is missing, so it is a no-op on a migrated database).
  for (const name of mongoose.modelNames()) await mongoose.model(name).createIndexes();

  counts.changes =
    counts.businesses +
    counts.memberships +
    counts.users +
    Object.values(counts.renamed).reduce((a, b) => a + b, 0) +
    counts.assignedToUser +
    counts.indexesDropped;
  return counts;
}
