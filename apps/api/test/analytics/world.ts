// Builds a random three-zone business (ratings, visits, clicks, bursts, restores): through the real submit path, or
// (bulk) its ordinary traffic written as the submit path stores it, in two insertMany, with the rollups rebuilt.
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Types } from 'mongoose';
import { localDay, localHour } from '../../src/lib/time';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { submitRating, recordVisit, recordSocialClick } from '../../src/modules/feedback/feedback.service';
import { restoreRating } from '../../src/modules/ratings/rating-review.service';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { FeedbackEventModel } from '../../src/modules/feedback/feedback-event.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { excludeFromStaffFigures } from '../../src/modules/ratings/staff-exclusion';
import { StaffModel } from '../../src/modules/staff/staff.model';
import { makeStaff, makeStore, makeUser, type MadeUser } from '../factories';
import { newDeviceId } from '../helpers/devices';
import type { RawWorld } from './reference';
import { ownerAccess } from './support';

/** A seeded PRNG so a failing run can be replayed with the printed seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const NOW = new Date('2026-11-10T12:00:00Z');
/** The six clock changes of the three zones in 2026 (US, EU and Australian spring and autumn). */
const CLOCK_CHANGES = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01'];
const SOCIAL = { googleReview: 'https://g.page/r/x/review', instagram: 'https://www.instagram.com/x' };

export interface World {
  business: MadeUser;
  stores: Array<Awaited<ReturnType<typeof makeStore>>>;
  staff: Array<Awaited<ReturnType<typeof makeStaff>>>;
}

function randomInstant(rand: () => number): Date {
  const r = rand();
  const day = 86400000;
  if (r < 0.3) {
    // Around a clock change, at any hour of the night or day on either side.
    const change = CLOCK_CHANGES[Math.floor(rand() * CLOCK_CHANGES.length)]!;
    return new Date(Date.parse(`${change}T00:00:00Z`) + (rand() * 4 - 2) * day);
  }
  if (r < 0.5) return new Date(NOW.getTime() - rand() * 3 * day);
  if (r < 0.85) return new Date(NOW.getTime() - rand() * 100 * day);
  return new Date(NOW.getTime() - rand() * 380 * day);
}

/** Who is on a shift at the store at that instant (start inclusive, end exclusive), as the submit path finds them. */
function onShiftAt(shifts: readonly Shift[], store: Types.ObjectId, at: Date): Types.ObjectId[] {
  const on = shifts.filter((s) => String(s.store) === String(store) && s.start <= at && s.end > at);
  return [...new Map(on.map((s) => [String(s.staff), s.staff])).values()];
}

interface Shift {
  store: Types.ObjectId;
  staff: Types.ObjectId;
  start: Date;
  end: Date;
}

/**
 * `bulk`: the ordinary ratings, visits and clicks and the bursts are stored as the submit path stores them (store-local
 * day and hour, who was on shift, the bursts' flags) in two insertMany, and the rollups rebuilt from them; the restores
 * still go through the live path, on top (a restore moves the rollups). The live path's equality with a rebuild is
 * test/analytics/rebuild.test.ts's subject.
 */
export async function buildWorld(seed: number, ratings: number, { bulk = false } = {}): Promise<World> {
  const rand = prng(seed);
  const business = await makeUser({ timeZone: 'Europe/London' });
  const zones = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Europe/London'];
  const stores = [];
  for (const [i, timeZone] of zones.entries()) {
    stores.push(await makeStore(business.id, { name: `Shop ${i}`, timeZone, socialLinks: SOCIAL }));
  }
  const staff = [];
  for (let i = 0; i < 8; i++) {
    const home = [stores[i % 4]!._id];
    // One person works in two stores (one of them the store deleted later).
    if (i === 3) home.push(stores[0]!._id);
    staff.push(await makeStaff(business.id, home, { name: `Person ${i}` }));
  }
  const shifts = [];
  for (let n = 0; n < 400; n++) {
    const member = staff[Math.floor(rand() * staff.length)]!;
    const store = member.stores[Math.floor(rand() * member.stores.length)]!;
    const start = randomInstant(rand);
    const end = new Date(start.getTime() + (2 + rand() * 8) * 3600000);
    shifts.push({
      business: business.id,
      store,
      staff: member._id,
      start,
      end,
      day: start.toISOString().slice(0, 10),
    });
  }
  await ShiftModel.insertMany(shifts);

  const times = Array.from({ length: ratings }, () => randomInstant(rand)).sort((a, b) => +a - +b);
  const ratingDocs: Array<Record<string, unknown>> = [];
  const eventDocs: Array<Record<string, unknown>> = [];
  for (const [n, at] of times.entries()) {
    const store = stores[Math.floor(rand() * stores.length)]!;
    const people = staff.filter((p) => p.stores.some((s) => String(s) === String(store._id)));
    const who = { ip: `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`, userAgent: 'Test' };
    const base = { store: String(store._id), idempotencyKey: randomUUID(), deviceId: newDeviceId() };
    const score = 1 + Math.floor(rand() * 5);
    const comment = rand() < 0.4 ? `Comment ${n}` : undefined;
    if (bulk) {
      const zone = store.timeZone;
      const stored = { business: business.id, store: store._id, day: localDay(at, zone), createdAt: at };
      if (rand() < 0.6) {
        const member = people[Math.floor(rand() * people.length)]!;
        const on = onShiftAt(shifts as Shift[], store._id, at).some((p) => String(p) === String(member._id));
        ratingDocs.push({
          ...stored,
          kind: 'staff',
          staff: member._id,
          score,
          comment,
          hour: localHour(at, zone),
          outsideShift: !on,
          idempotencyKey: base.idempotencyKey,
        });
      } else {
        const onShift = onShiftAt(shifts as Shift[], store._id, at);
        ratingDocs.push({
          ...stored,
          kind: 'experience',
          score,
          comment,
          hour: localHour(at, zone),
          onShift,
          idempotencyKey: base.idempotencyKey,
        });
      }
      if (rand() < 0.7) eventDocs.push({ ...stored, type: 'visit', idempotencyKey: randomUUID() });
      if (rand() < 0.15) {
        const network = rand() < 0.5 ? 'googleReview' : 'instagram';
        eventDocs.push({ ...stored, type: 'social', network, idempotencyKey: randomUUID() });
      }
      continue;
    }
    if (rand() < 0.6) {
      const member = people[Math.floor(rand() * people.length)]!;
      await submitRating({ kind: 'staff', ...base, staff: String(member._id), score, comment }, who, at);
    } else {
      await submitRating({ kind: 'experience', ...base, score, comment }, who, at);
    }
    if (rand() < 0.7) await recordVisit({ ...base, idempotencyKey: randomUUID() }, who, at);
    if (rand() < 0.15) {
      const network = rand() < 0.5 ? 'googleReview' : 'instagram';
      await recordSocialClick({ ...base, idempotencyKey: randomUUID(), network }, who, at);
    }
  }
  // Bursts of five-star ratings from one network: flagged, and one of them restored by a reviewer. In bulk they are
  // stored flagged as the burst rule leaves them (its detection is test/feedback/bursts.test.ts's subject): their
  // counters live in simulated time, already past in real time, so the engine's TTL sweep could reset them mid-burst.
  for (const [b, member] of [staff[0]!, staff[1]!, staff[2]!].entries()) {
    const store = stores.find((s) => String(s._id) === String(member.stores[0]))!;
    const start = new Date(NOW.getTime() - (b + 1) * 3 * 3600000);
    for (let k = 0; k < 9; k++) {
      const at = new Date(start.getTime() + k * 30000);
      const rating = {
        kind: 'staff' as const,
        store: String(store._id),
        staff: String(member._id),
        score: 5,
      };
      if (bulk) {
        const on = onShiftAt(shifts as Shift[], store._id, at).some((p) => String(p) === String(member._id));
        ratingDocs.push({
          ...rating,
          business: business.id,
          day: localDay(at, store.timeZone),
          hour: localHour(at, store.timeZone),
          outsideShift: !on,
          createdAt: at,
          idempotencyKey: randomUUID(),
          flag: {
            suspicious: true,
            reasons: ['9 of the 9 ratings from one network within 10 minutes were of this staff member'],
          },
        });
      } else {
        const who = { ip: `198.51.100.${b}`, userAgent: 'Test' };
        await submitRating({ ...rating, idempotencyKey: randomUUID(), deviceId: newDeviceId() }, who, at);
      }
    }
  }
  if (bulk) {
    await RatingModel.insertMany(ratingDocs);
    await FeedbackEventModel.insertMany(eventDocs);
    await rebuildRollups({ check: false, now: NOW });
  }
  const flagged = await RatingModel.find({ business: business.id, 'flag.suspicious': true }).limit(4).lean();
  for (const r of flagged.slice(0, 4))
    await restoreRating(ownerAccess(business.id), String(r._id), 'Checked with the team');
  // Disputes ruled unfair: three counted staff ratings and a flagged one leave their person's figures (live path).
  const counted = await RatingModel.find({ business: business.id, kind: 'staff', 'flag.suspicious': false })
    .sort({ _id: 1 })
    .limit(3)
    .lean();
  const stillFlagged = await RatingModel.findOne({
    business: business.id,
    kind: 'staff',
    'flag.suspicious': true,
    'flag.restored': false,
  }).lean();
  for (const r of [...counted, ...(stillFlagged ? [stillFlagged] : [])]) await excludeFromStaffFigures(r._id);
  // A person leaves (deactivated) and a store closes (soft-deleted) after their ratings.
  await StaffModel.updateOne({ _id: staff[1]!._id }, { $set: { active: false } });
  await StoreModel.updateOne({ _id: stores[3]!._id }, { $set: { deletedAt: NOW } });
  return { business, stores, staff };
}

/** The raw documents as the reference sees them. */
export async function rawWorld(business: string): Promise<RawWorld> {
  const [stores, staff, ratings, events, shifts] = await Promise.all([
    StoreModel.find({ business }).lean(),
    StaffModel.find({ business }).lean(),
    RatingModel.find({ business }).lean(),
    FeedbackEventModel.find({ business }).lean(),
    ShiftModel.find({ business }).lean(),
  ]);
  return {
    stores: stores.map((s) => ({
      _id: String(s._id),
      name: s.name,
      timeZone: s.timeZone,
      deleted: Boolean(s.deletedAt),
    })),
    staff: staff.map((p) => ({ _id: String(p._id), name: p.name, deleted: Boolean(p.deletedAt) })),
    ratings: ratings.map((r) => ({
      _id: String(r._id),
      store: String(r.store),
      staff: r.staff ? String(r.staff) : null,
      kind: r.kind as 'staff' | 'experience',
      score: r.score,
      comment: r.comment ?? '',
      createdAt: r.createdAt,
      outsideShift: Boolean(r.outsideShift),
      flag: { suspicious: Boolean(r.flag?.suspicious), restored: Boolean(r.flag?.restored) },
      staffExcluded: Boolean(r.staffExcluded),
    })),
    events: events.map((e) => ({
      store: String(e.store),
      type: e.type as 'visit' | 'social',
      network: e.network ?? null,
      tracked: e.tracked,
      createdAt: e.createdAt,
    })),
    shifts: shifts.map((s) => ({
      store: String(s.store),
      staff: String(s.staff),
      start: s.start,
      end: s.end,
    })),
  };
}

export const localDayIn = (at: Date, zone: string) =>
  DateTime.fromJSDate(at, { zone }).toFormat('yyyy-MM-dd');
