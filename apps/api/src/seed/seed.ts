// Seeds the demo business into an empty dev database: stores and staff with pictures, a 3-week rota, 90 days of ratings.
import bcrypt from 'bcrypt';
import type { Types } from 'mongoose';
import { DateTime } from 'luxon';
import { env } from '../config/env';
import { logger } from '../lib/logger';
import { saveImage } from '../lib/files';
import { localDay, localHour } from '../lib/time';
import { UserModel } from '../modules/users/user.model';
import { StoreModel } from '../modules/stores/store.model';
import { StaffModel } from '../modules/staff/staff.model';
import { ShiftModel } from '../modules/rota/shift.model';
import { RatingModel } from '../modules/ratings/rating.model';
import { rebuildRollups } from '../modules/analytics/rollup.rebuild';
import { FeedbackEventModel } from '../modules/feedback/feedback-event.model';
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

  const ratings = [];
  const visits = [];
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
    const onShift = shifts
      .filter((s) => s.store === store._id && s.start <= createdAt && createdAt < s.end)
      .map((s) => s.staff);
    ratings.push({
      owner,
      store: store._id,
      staff: member?._id ?? null,
      kind: isStaff ? 'staff' : 'experience',
      score,
      comment: pick(DEMO_COMMENTS),
      tags: rand() < 0.4 ? [pick(DEMO_TAGS)] : [],
      day,
      hour: localHour(createdAt, store.timeZone),
      onShift: isStaff ? undefined : onShift,
      createdAt,
      updatedAt: createdAt,
    });
    // Roughly 1.6 QR opens per rating.
    const opens = rand() < 0.6 ? 2 : 1;
    for (let v = 0; v < opens; v++) {
      visits.push({
        owner,
        store: store._id,
        type: 'visit',
        day,
        tracked: true,
        idempotencyKey: `demo-visit-${n}-${v}`,
        createdAt,
      });
    }
  }
  await RatingModel.insertMany(ratings, { ordered: false });
  await FeedbackEventModel.insertMany(visits, { ordered: false });
  // The rollups are the recount of what was just stored: one definition of the figures, no copy of it here.
  await rebuildRollups({ check: false, owner: String(owner), now });

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
