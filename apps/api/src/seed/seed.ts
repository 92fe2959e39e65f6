// Seeds the demo business into an empty dev database: stores and staff with pictures, a 3-week rota, 90 days of ratings.
import bcrypt from 'bcrypt';
import type { Types } from 'mongoose';
import { DateTime } from 'luxon';
import { env } from '../config/env';
import { logger } from '../lib/logger';
import { saveImage } from '../lib/files';
import { localDay, localHour } from '../lib/time';
import { UserModel } from '../modules/users/user.model';
import { BusinessModel } from '../tenancy/business.model';
import { foundBusiness } from '../tenancy/business.service';
import { MembershipModel } from '../tenancy/membership.model';
import { StoreModel } from '../modules/stores/store.model';
import { StaffModel } from '../modules/staff/staff.model';
import { ShiftModel } from '../modules/rota/shift.model';
import { RatingModel } from '../modules/ratings/rating.model';
import { rebuildRollups } from '../modules/analytics/rollup.rebuild';
import { FeedbackEventModel } from '../modules/feedback/feedback-event.model';
import { discoverForBusiness } from '../modules/insight/discovery.job';
import { rebuildInsight } from '../modules/insight/insight.rebuild';
import { DEMO_LOGIN, DEMO_STAFF, DEMO_STORES, DEMO_TAGS, DEMO_TEAM, SPANISH_SHARE } from './demo-data';
import { demoComment, firstName } from './demo-comments';
import { portraitPng, STORE_COLOURS, storefrontPng } from './demo-media';
import { addDemoAreas, addDemoTargets, DEMO_DISTRICTS } from './demo-areas';
import { treeChanged } from '../tenancy/area-tree';
import { demoRota } from './demo-rota';
import { demoRatingTimes, type DemoOpeningHours } from './demo-times';
import {
  addDemoAlerts,
  RECOVERY_STORE,
  rotaChangeAt,
  socialClick,
  storyComment,
  storyScore,
} from './demo-story';

/** The demo chain's name (shown in the business switcher and the Team page). */
const DEMO_BUSINESS_NAME = 'Northwind Coffee';
const DAY_MS = 24 * 3600 * 1000;
/** Ratings go back this many days; the rota goes back far enough to cover them. */
const RATING_DAYS = 90;
/** Share of staff ratings given to someone on shift; the rest name a colleague who is not (a regular's favourite). */
const ON_SHIFT_SHARE = 0.92;
const OPENING_HOURS: DemoOpeningHours[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  open: '08:00',
  close: '20:00',
  closed: false,
}));

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
  business: string,
  stores: Array<{ _id: Types.ObjectId }>,
  staff: Array<{ _id: Types.ObjectId }>,
) {
  for (const [i, store] of stores.entries()) {
    const image = await saveImage(storefrontPng(STORE_COLOURS[i % STORE_COLOURS.length]!), {
      business,
      purpose: 'store',
    });
    await StoreModel.updateOne({ _id: store._id }, { $set: { image } });
  }
  for (const [i, member] of staff.entries()) {
    const shirt = STORE_COLOURS[DEMO_STAFF[i]!.store % STORE_COLOURS.length]!;
    const photo = await saveImage(portraitPng(i, shirt), { business, purpose: 'staff' });
    await StaffModel.updateOne({ _id: member._id }, { $set: { photo } });
  }
}

/** Most staff ratings name someone on shift at that moment; a few name a colleague who is not. */
function staffRated<T extends { _id: Types.ObjectId }>(
  rand: () => number,
  storeStaff: T[],
  onShift: Types.ObjectId[],
): T | null {
  const on = storeStaff.filter((m) => onShift.some((id) => String(id) === String(m._id)));
  const off = storeStaff.filter((m) => !on.includes(m));
  const pool = on.length > 0 && (off.length === 0 || rand() < ON_SHIFT_SHARE) ? on : off;
  return pool.length > 0 ? pool[Math.floor(rand() * pool.length)]! : null;
}

/** The demo team's logins: verified users with the owner's password, each a member with their role and stores. */
async function addDemoTeam(
  business: Types.ObjectId,
  stores: Array<{ _id: Types.ObjectId }>,
  districts: Types.ObjectId[],
  now: Date,
) {
  const passwordHash = await bcrypt.hash(DEMO_LOGIN.password, env.BCRYPT_ROUNDS);
  for (const member of DEMO_TEAM) {
    const home = member.store ?? member.district ?? 0;
    const user = await UserModel.create({
      fullname: member.fullname,
      email: member.email,
      passwordHash,
      timeZone: DEMO_STORES[home]!.timeZone,
      emailVerifiedAt: now,
      currentBusiness: business,
      selectedStore: member.store === null ? null : stores[member.store]!._id,
    });
    const district = member.district === undefined ? null : districts[member.district]!;
    await MembershipModel.create({
      business,
      user: user._id,
      role: member.role,
      allStores: member.store === null && district === null,
      stores: member.store === null ? [] : [stores[member.store]!._id],
      areas: district ? [district] : [],
    });
  }
}

/** Who the demo team is, as printed beside the owner's login (and listed in the README). */
export function demoLogins(): string[] {
  const storeOf = (i: number | null) => (i === null ? 'all stores' : DEMO_STORES[i]!.name);
  const label = (m: (typeof DEMO_TEAM)[number]) =>
    m.role === 'admin'
      ? `Admin (${storeOf(m.store)})`
      : m.district !== undefined
        ? `District manager (${DEMO_DISTRICTS[m.district]!.district})`
        : `Store manager (${storeOf(m.store)})`;
  return [
    `Owner: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`,
    ...DEMO_TEAM.map((m) => `${label(m)}: ${m.email} / ${DEMO_LOGIN.password}`),
  ];
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
  // Comments and tags draw from their own generator, so the bank can change without moving any rating's time or score.
  const wording = mulberry32(20261125);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(wording() * items.length)] as T;

  const user = await UserModel.create({
    fullname: DEMO_LOGIN.fullname,
    email: DEMO_LOGIN.email,
    passwordHash: await bcrypt.hash(DEMO_LOGIN.password, env.BCRYPT_ROUNDS),
    timeZone: 'Europe/London',
    emailVerifiedAt: now,
  });
  const business = await foundBusiness(user, null, DEMO_BUSINESS_NAME);
  await BusinessModel.updateOne(
    { _id: business },
    {
      $set: {
        subscriptionStatus: 'active',
        plan: 'basic-monthly',
        currentPeriodEnd: DateTime.fromJSDate(now).plus({ months: 1 }).toJSDate(),
      },
    },
  );
  const districts = await addDemoAreas(business);
  await addDemoTargets(business, districts[0]!);
  const stores = await StoreModel.insertMany(
    DEMO_STORES.map((s, i) => ({
      ...s,
      business,
      area: districts[i],
      openingHours: OPENING_HOURS,
    })),
  );
  await treeChanged(business);
  const staff = await StaffModel.insertMany(
    DEMO_STAFF.map((s) => ({
      business,
      name: s.name,
      role: s.role,
      stores: [stores[s.store]!._id],
      active: true,
    })),
  );
  await UserModel.updateOne({ _id: user._id }, { selectedStore: stores[0]!._id });
  await addDemoPictures(String(business), stores, staff);
  await addDemoTeam(business, stores, districts, now);

  // The rota in each store's local time from the week of the oldest rating to next week, so staff are rated on their
  // shifts and "on shift now" and "copy last week" have data.
  const pastWeeks = Math.ceil(RATING_DAYS / 7) + 1;
  const weeks = Array.from({ length: pastWeeks + 2 }, (_, i) => i - pastWeeks);
  const staffOf = stores.map((_, s) => staff.filter((_, i) => DEMO_STAFF[i]!.store === s));
  // The recovery store's rota change: a lunchtime shift every day from then on (its queue complaints fall after it).
  const rotaChange = rotaChangeAt(now, stores[RECOVERY_STORE]!.timeZone);
  const shiftsOf = stores.map((store, s) =>
    demoRota(business, store, staffOf[s]!, now, weeks, s === RECOVERY_STORE ? rotaChange : null),
  );
  const shifts = shiftsOf.flat();
  await ShiftModel.insertMany(shifts);

  const ratings = [];
  const visits = [];
  const from = new Date(now.getTime() - RATING_DAYS * DAY_MS);
  const ratingTimeAt = stores.map((store) =>
    demoRatingTimes({ timeZone: store.timeZone, openingHours: OPENING_HOURS }, from, now),
  );
  for (let n = 0; n < ratingCount; n++) {
    const storeIdx = Math.floor(rand() * stores.length);
    const store = stores[storeIdx]!;
    const createdAt = ratingTimeAt[storeIdx]!(rand);
    const day = localDay(createdAt, store.timeZone);
    const onShift = shiftsOf[storeIdx]!.filter((s) => s.start <= createdAt && createdAt < s.end).map(
      (s) => s.staff,
    );
    const member = rand() < 0.65 ? staffRated(rand, staffOf[storeIdx]!, onShift) : null;
    const isStaff = member !== null;
    const bias = member ? (staff.indexOf(member) % 5) * 0.15 : 0;
    const spanishShare = SPANISH_SHARE[storeIdx] ?? 0;
    const score = storyScore(rand, { store: storeIdx, personBias: bias, at: createdAt, rotaChange });
    // Praise names the rated person, or for the shop as a whole someone who was on shift.
    const praised = member
      ? [member]
      : staffOf[storeIdx]!.filter((m) => onShift.some((id) => id.equals(m._id)));
    ratings.push({
      business,
      store: store._id,
      staff: member?._id ?? null,
      kind: isStaff ? 'staff' : 'experience',
      score,
      comment:
        storyComment(wording, { store: storeIdx, score, at: createdAt, rotaChange, spanishShare }) ??
        demoComment(wording, { score, spanishShare, names: praised.map((m) => firstName(m.name)) }),
      // The quick tags are compliments: a customer who gives 1–3 stars does not tick "Friendly".
      tags: score >= 4 && wording() < 0.4 ? [pick(DEMO_TAGS)] : [],
      day,
      hour: localHour(createdAt, store.timeZone),
      // As a live rating records it: the person was not on the rota at that moment (the timeline can filter on it).
      outsideShift: member ? !onShift.some((id) => String(id) === String(member._id)) : false,
      onShift: isStaff ? undefined : onShift,
      createdAt,
      updatedAt: createdAt,
    });
    // Roughly 1.6 QR opens per rating.
    const opens = rand() < 0.6 ? 2 : 1;
    for (let v = 0; v < opens; v++) {
      visits.push({
        business,
        store: store._id,
        type: 'visit',
        day,
        tracked: true,
        idempotencyKey: `demo-visit-${n}-${v}`,
        createdAt,
      });
    }
    const network = socialClick(wording, DEMO_STORES[storeIdx]!.socialLinks);
    if (network) {
      const social = { type: 'social', network, idempotencyKey: `demo-social-${n}` };
      visits.push({ business, store: store._id, day, tracked: true, createdAt, ...social });
    }
  }
  await RatingModel.insertMany(ratings, { ordered: false });
  await FeedbackEventModel.insertMany(visits, { ordered: false });
  // The rollups are the recount of what was just stored: one definition of the figures, no copy of it here.
  await rebuildRollups({ check: false, business: String(business), now });
  // Inserted in bulk, the comments skip the live insight reaction: find the business's recurring phrases, then analyse
  // every comment once (sentiment, themes, shout-outs) and count the theme rollups, as first login should show them.
  await discoverForBusiness(business, now);
  await rebuildInsight({ business: String(business) });
  await addDemoAlerts(business, stores, DEMO_TEAM[0]!.email, now);

  return {
    userId: String(user._id),
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
      `  Demo logins:\n${demoLogins()
        .map((line) => `    ${line}\n`)
        .join('')}`,
  );
}
