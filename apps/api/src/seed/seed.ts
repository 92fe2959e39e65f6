// Seeds the demo business into an empty dev database: stores and staff with pictures, a 3-week rota, 90 days of ratings.
import bcrypt from 'bcrypt';
import type { Types } from 'mongoose';
import { DateTime } from 'luxon';
import { env } from '../config/env';
import { logger } from '../lib/logger';
import { saveImage } from '../lib/files';
import { localDay } from '../lib/time';
import { UserModel } from '../modules/users/user.model';
import { StoreModel } from '../modules/stores/store.model';
import { StaffModel } from '../modules/staff/staff.model';
import { ShiftModel } from '../modules/rota/shift.model';
import { RatingModel } from '../modules/ratings/rating.model';
import { RollupModel } from '../modules/analytics/rollup.model';
import { DEMO_COMMENTS, DEMO_LOGIN, DEMO_STAFF, DEMO_STORES, DEMO_TAGS } from './demo-data';
import { portraitPng, STORE_COLOURS, storefrontPng } from './demo-media';
import { demoRota } from './demo-rota';

/** Small deterministic PRNG so every fresh demo looks the same. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type RollupKey = string;
interface RollupRow {
  owner: Types.ObjectId;
  store: Types.ObjectId;
  staff: Types.ObjectId | null;
  metric: 'staff' | 'experience' | 'visit' | 'social';
  day: string;
  count: number;
  scoreSum: number;
  d1: number;
  d2: number;
  d3: number;
  d4: number;
  d5: number;
}

function addToRollups(
  map: Map<RollupKey, RollupRow>,
  row: Omit<RollupRow, 'count' | 'scoreSum' | 'd1' | 'd2' | 'd3' | 'd4' | 'd5'>,
  score?: number,
) {
  const key = `${row.store}|${row.staff ?? ''}|${row.metric}|${row.day}`;
  const cur = map.get(key) ?? { ...row, count: 0, scoreSum: 0, d1: 0, d2: 0, d3: 0, d4: 0, d5: 0 };
  cur.count += 1;
  if (score) {
    cur.scoreSum += score;
    cur[`d${score}` as 'd1'] += 1;
  }
  map.set(key, cur);
}

/** A storefront per store and a portrait per person, drawn in code and stored in GridFS like uploads. */
async function addDemoPictures(
  owner: string,
  stores: Array<{ _id: Types.ObjectId }>,
  staff: Array<{ _id: Types.ObjectId }>,
) {
  for (const [i, store] of stores.entries()) {
    const image = await saveImage(storefrontPng(STORE_COLOURS[i % STORE_COLOURS.length]!), {
      owner,
      purpose: 'store',
    });
    await StoreModel.updateOne({ _id: store._id }, { $set: { image } });
  }
  for (const [i, member] of staff.entries()) {
    const shirt = STORE_COLOURS[DEMO_STAFF[i]!.store % STORE_COLOURS.length]!;
    const photo = await saveImage(portraitPng(i, shirt), { owner, purpose: 'staff' });
    await StaffModel.updateOne({ _id: member._id }, { $set: { photo } });
  }
}

export interface SeedSummary {
  userId: string;
  stores: number;
  staff: number;
  shifts: number;
  ratings: number;
}

export async function seedDemo(now = new Date(), ratingCount = 5000): Promise<SeedSummary> {
  const rand = mulberry32(20261121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

  const user = await UserModel.create({
    fullname: DEMO_LOGIN.fullname,
    email: DEMO_LOGIN.email,
    passwordHash: await bcrypt.hash(DEMO_LOGIN.password, env.BCRYPT_ROUNDS),
    timeZone: 'Europe/London',
    emailVerifiedAt: now,
    subscriptionStatus: 'active',
    plan: 'basic-monthly',
    currentPeriodEnd: DateTime.fromJSDate(now).plus({ months: 1 }).toJSDate(),
  });
  const owner = user._id;
  const stores = await StoreModel.insertMany(
    DEMO_STORES.map((s) => ({
      ...s,
      owner,
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
        day,
        open: '08:00',
        close: '20:00',
        closed: false,
      })),
    })),
  );
  const staff = await StaffModel.insertMany(
    DEMO_STAFF.map((s) => ({
      owner,
      name: s.name,
      role: s.role,
      stores: [stores[s.store]!._id],
      active: true,
    })),
  );
  await UserModel.updateOne({ _id: owner }, { selectedStore: stores[0]!._id });
  await addDemoPictures(String(owner), stores, staff);

  // Last, this and next week's rota in each store's local time, so "on shift now" and "copy last week" have data.
  const shifts = stores.flatMap((store, s) =>
    demoRota(
      owner,
      store,
      staff.filter((_, i) => DEMO_STAFF[i]!.store === s),
      now,
    ),
  );
  await ShiftModel.insertMany(shifts);

  const rollups = new Map<RollupKey, RollupRow>();
  const ratings = [];
  const from = now.getTime() - 90 * 24 * 3600 * 1000;
  for (let n = 0; n < ratingCount; n++) {
    const storeIdx = Math.floor(rand() * stores.length);
    const store = stores[storeIdx]!;
    const createdAt = new Date(from + rand() * (now.getTime() - from));
    const day = localDay(createdAt, store.timeZone);
    const isStaff = rand() < 0.65;
    const storeStaff = staff.filter((_, i) => DEMO_STAFF[i]!.store === storeIdx);
    const member = isStaff ? pick(storeStaff) : null;
    const bias = member ? (staff.indexOf(member) % 5) * 0.15 : 0;
    const score = Math.max(1, Math.min(5, Math.round(2.6 + bias + rand() * 2.6)));
    ratings.push({
      owner,
      store: store._id,
      staff: member?._id ?? null,
      kind: isStaff ? 'staff' : 'experience',
      score,
      comment: pick(DEMO_COMMENTS),
      tags: rand() < 0.4 ? [pick(DEMO_TAGS)] : [],
      day,
      createdAt,
      updatedAt: createdAt,
    });
    addToRollups(
      rollups,
      { owner, store: store._id, staff: null, metric: isStaff ? 'staff' : 'experience', day },
      score,
    );
    if (member)
      addToRollups(rollups, { owner, store: store._id, staff: member._id, metric: 'staff', day }, score);
    // Roughly 1.6 QR opens per rating.
    addToRollups(rollups, { owner, store: store._id, staff: null, metric: 'visit', day });
    if (rand() < 0.6) addToRollups(rollups, { owner, store: store._id, staff: null, metric: 'visit', day });
  }
  await RatingModel.insertMany(ratings, { ordered: false });
  await RollupModel.insertMany([...rollups.values()], { ordered: false });

  return {
    userId: String(owner),
    stores: stores.length,
    staff: staff.length,
    shifts: shifts.length,
    ratings: ratings.length,
  };
}

/** In development (or SEED_DEMO=always) an empty database gets the demo business; its login is printed. */
export async function maybeSeedDemo(mode: 'auto' | 'always' | 'never', nodeEnv: string): Promise<void> {
  if (mode === 'never' || (mode === 'auto' && nodeEnv !== 'development')) return;
  if ((await UserModel.estimatedDocumentCount()) > 0) return;
  const started = Date.now();
  const summary = await seedDemo();
  logger.info({ ...summary, ms: Date.now() - started }, 'demo data seeded');
  console.log(
    `\nDemo business seeded (${summary.stores} stores, ${summary.staff} staff, ${summary.ratings} ratings).\n` +
      `  Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`,
  );
}
