// The faults bench's books: a fresh business per row (tests' factories, alert rule over HTTP) and the recount via MongoDB.
import { ObjectId, type Db } from 'mongodb';
import { BusinessRollupModel, RollupModel } from '../../src/modules/analytics/rollup.model';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { benchBusiness } from '../support';

const name = (m: { collection: { collectionName: string } }) => m.collection.collectionName;
/** The bench's low-rating rule fires for ratings of this many stars or fewer. */
export const ALERT_MAX_SCORE = 2;
/** Every submit's comment is its tag; the low-rating alert quotes the comment, so an alert names its rating. */
export const TAG_RE = /fx\d+n\d+/;

export interface Business {
  business: ObjectId;
  store: ObjectId;
  staff: ObjectId[];
}

async function api(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * A business with its owner, one store and ten staff, made by the tests' factories (benchBusiness: mongoose, connected
 * to the same database); then, as its owner over HTTP, the default alert rules removed and one low-rating rule (≤ 2 stars, staff
 * and experience) added for the store: the only rule that fires, once per counted low rating, so the alerts expected
 * follow from the stored ratings.
 */
export async function setUpBusiness(apiUrl: string): Promise<Business> {
  const world = await benchBusiness();
  // The driver's own ObjectId, for the recount's queries through the bench's MongoClient.
  const id = (x: { toHexString(): string }) => new ObjectId(x.toHexString());
  const [business, store, staff] = [id(world.business), id(world.stores[0]!), world.staff.map(id)];
  const token = world.token;
  const { data } = (await api(apiUrl, token, 'GET', '/notifications/rules')) as {
    data: Array<{ _id: string }>;
  };
  for (const rule of data) await api(apiUrl, token, 'DELETE', `/notifications/rules/${rule._id}`);
  await api(apiUrl, token, 'POST', '/notifications/rules', {
    type: 'low-rating',
    enabled: true,
    stores: [store.toHexString()],
    email: false,
    maxScore: ALERT_MAX_SCORE,
    kinds: ['staff', 'experience'],
  });
  return { business, store, staff };
}

export interface Books {
  accepted: number;
  stored: number;
  /** Accepted (answered 201) but not in MongoDB. */
  acceptedNotStored: number;
  /** Stored ratings sharing an idempotency key with another: one submit stored twice. */
  storedTwice: number;
  flagged: number;
  /** What the store's day rows count (staff and experience). */
  inRollups: number;
  /** Per family of rollup rows, ratings missing from it and ratings counted in it more than once. */
  families: Array<{ family: string; missing: number; extra: number }>;
  alerts: number;
  expectedAlerts: number;
  missingAlerts: number;
  duplicateAlerts: number;
  /** Alerts that name no counted low rating. */
  strayAlerts: number;
  lost: number;
  countedTwice: number;
}

type Counts = Map<string, number>;
const add = (m: Counts, k: string, n = 1) => m.set(k, (m.get(k) ?? 0) + n);

/** Σ shortfall and Σ excess of actual against expected, key by key (so an excess cannot hide a loss elsewhere). */
function compare(expected: Counts, actual: Counts): { missing: number; extra: number } {
  let missing = 0;
  let extra = 0;
  for (const k of new Set([...expected.keys(), ...actual.keys()])) {
    const d = (actual.get(k) ?? 0) - (expected.get(k) ?? 0);
    if (d < 0) missing -= d;
    else extra += d;
  }
  return { missing, extra };
}

interface StoredRating {
  _id: ObjectId;
  kind: 'staff' | 'experience';
  staff: ObjectId | null;
  score: number;
  day: string;
  comment?: string;
  idempotencyKey: string;
  flag?: { suspicious?: boolean; restored?: boolean };
}

interface RollupRow {
  staff: ObjectId | null;
  metric: string;
  day: string;
  count?: number;
}

/** The recount: stored ratings against the 201s, every rollup family and the alerts, for one business. */
export async function countBooks(db: Db, b: Business, accepted: Set<string>): Promise<Books> {
  const [ratings, rollups, businessRows, notifications] = await Promise.all([
    db
      .collection<StoredRating>(name(RatingModel))
      .find({ store: b.store })
      .project<StoredRating>({ kind: 1, staff: 1, score: 1, day: 1, comment: 1, idempotencyKey: 1, flag: 1 })
      .toArray(),
    db
      .collection<RollupRow>(name(RollupModel))
      .find({ store: b.store, metric: { $in: ['staff', 'experience'] } })
      .project<RollupRow>({ staff: 1, metric: 1, day: 1, count: 1 })
      .toArray(),
    db
      .collection<RollupRow>(name(BusinessRollupModel))
      .find({ business: b.business, metric: { $in: ['staff', 'experience'] } })
      .project<RollupRow>({ metric: 1, day: 1, count: 1 })
      .toArray(),
    db
      .collection<{ text?: string; message?: string }>(name(NotificationModel))
      .find({ business: b.business, type: 'low-rating' })
      .project<{ text?: string; message?: string }>({ text: 1, message: 1 })
      .toArray(),
  ]);

  const storedIds = new Set(ratings.map((r) => r._id.toHexString()));
  const acceptedNotStored = [...accepted].filter((id) => !storedIds.has(id)).length;
  const keys: Counts = new Map();
  for (const r of ratings) add(keys, r.idempotencyKey);
  const storedTwice = [...keys.values()].reduce((n, k) => n + k - 1, 0);

  const counting = ratings.filter((r) => !r.flag?.suspicious || r.flag.restored);
  const isWeek = (day: string) => day.startsWith('W');
  const expected = {
    storeDays: new Map(),
    personDays: new Map(),
    storeWeeks: new Map(),
    businessDays: new Map(),
  };
  for (const r of counting) {
    add(expected.storeDays, `${r.kind}|${r.day}`);
    add(expected.businessDays, `${r.kind}|${r.day}`);
    add(expected.storeWeeks, r.kind);
    if (r.kind === 'staff' && r.staff) add(expected.personDays, `${r.staff.toHexString()}|${r.day}`);
  }
  const actual = {
    storeDays: new Map(),
    personDays: new Map(),
    storeWeeks: new Map(),
    businessDays: new Map(),
  };
  for (const row of rollups) {
    const n = row.count ?? 0;
    if (row.staff === null && !isWeek(row.day)) add(actual.storeDays, `${row.metric}|${row.day}`, n);
    if (row.staff === null && isWeek(row.day)) add(actual.storeWeeks, row.metric, n);
    if (row.staff !== null && row.metric === 'staff' && !isWeek(row.day))
      add(actual.personDays, `${row.staff.toHexString()}|${row.day}`, n);
  }
  for (const row of businessRows)
    if (!isWeek(row.day)) add(actual.businessDays, `${row.metric}|${row.day}`, row.count ?? 0);
  const families = (Object.keys(expected) as Array<keyof typeof expected>).map((family) => ({
    family,
    ...compare(expected[family], actual[family]),
  }));

  const alertsByTag: Counts = new Map();
  let untagged = 0;
  for (const n of notifications) {
    const tag = TAG_RE.exec(n.text ?? n.message ?? '')?.[0];
    if (tag) add(alertsByTag, tag);
    else untagged += 1;
  }
  const expectedTags = new Set(
    counting.filter((r) => r.score <= ALERT_MAX_SCORE).map((r) => TAG_RE.exec(r.comment ?? '')?.[0] ?? ''),
  );
  const missingAlerts = [...expectedTags].filter((t) => !alertsByTag.has(t)).length;
  const duplicateAlerts = [...alertsByTag.entries()]
    .filter(([t]) => expectedTags.has(t))
    .reduce((n, [, k]) => n + k - 1, 0);
  const strayAlerts = untagged + [...alertsByTag.keys()].filter((t) => !expectedTags.has(t)).length;

  // One lost rating shows in every family it is missing from; the worst family is the count.
  const rollupMissing = Math.max(0, ...families.map((f) => f.missing));
  const rollupExtra = Math.max(0, ...families.map((f) => f.extra));
  return {
    accepted: accepted.size,
    stored: ratings.length,
    acceptedNotStored,
    storedTwice,
    flagged: ratings.length - counting.length,
    inRollups: [...actual.storeDays.values()].reduce((n, k: number) => n + k, 0),
    families,
    alerts: notifications.length,
    expectedAlerts: expectedTags.size,
    missingAlerts,
    duplicateAlerts,
    strayAlerts,
    lost: acceptedNotStored + rollupMissing + missingAlerts,
    countedTwice: storedTwice + rollupExtra + duplicateAlerts,
  };
}

/**
 * Waits until derived work has settled: the books are checked every second and taken once they balance and have
 * held for 2 s, or once they have not moved for `quietMs` (whatever drains is done, short), or at `boundMs`.
 */
export async function settledBooks(
  db: Db,
  b: Business,
  accepted: Set<string>,
  quietMs: number,
  boundMs: number,
): Promise<{ books: Books; waitedMs: number; why: 'balanced' | 'quiet' | 'bound' }> {
  const started = Date.now();
  let last = '';
  let since = Date.now();
  for (;;) {
    const books = await countBooks(db, b, accepted);
    const key = JSON.stringify([books.stored, books.families, books.alerts]);
    if (key !== last) {
      last = key;
      since = Date.now();
    }
    const still = Date.now() - since;
    const balanced = books.lost === 0 && books.countedTwice === 0;
    const waitedMs = Date.now() - started;
    if (balanced && still >= 2000) return { books, waitedMs, why: 'balanced' };
    if (still >= quietMs) return { books, waitedMs, why: 'quiet' };
    if (waitedMs >= boundMs) return { books, waitedMs, why: 'bound' };
    await new Promise((r) => setTimeout(r, 1000));
  }
}
