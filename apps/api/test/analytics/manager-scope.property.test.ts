// Property (#21): a store manager's dashboards equal an independent recount over their two stores only, never more.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import request from 'supertest';
import { createApp } from '../../src/app';
import { setMinSample } from '../../src/modules/analytics/analytics-settings.model';
import { recordVisit, submitRating } from '../../src/modules/feedback/feedback.service';
import { makeMember, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { Reference, type RawRating, type RefFilter } from './reference';
import { rawWorld } from './world';

setupTestDb();
jest.setTimeout(120_000);
const app = createApp();

/** Five stores, five zones (two on the far side of the date line from the others); the manager has the first two. */
const STORES = [
  { name: 'Harbour', timeZone: 'Europe/London' },
  { name: 'Maple', timeZone: 'America/New_York' },
  { name: 'Quarry', timeZone: 'Australia/Sydney' },
  { name: 'Tundra', timeZone: 'Asia/Kolkata' },
  { name: 'Wharf', timeZone: 'America/Los_Angeles' },
];
const MINE = [0, 1];
/** Ratings fall over these days (minutes from the first), around October's clock changes. */
const FIRST = Date.parse('2026-09-01T00:00:00Z');
const SPAN_MINUTES = 70 * 24 * 60;
const MIN_SAMPLE = 2;

const near = (a: number | null | undefined, b: number | null | undefined) => {
  if (a === null || a === undefined || b === null || b === undefined) expect(a ?? null).toBe(b ?? null);
  else expect(Math.abs(a - b)).toBeLessThan(1e-9);
};

const ratingArb = fc.record({
  store: fc.integer({ min: 0, max: STORES.length - 1 }),
  staff: fc.boolean(),
  person: fc.nat(9),
  score: fc.integer({ min: 1, max: 5 }),
  minute: fc.integer({ min: 0, max: SPAN_MINUTES - 1 }),
  comment: fc.boolean(),
  visit: fc.boolean(),
});
const periodArb = fc.record({
  start: fc.integer({ min: 0, max: 50 }),
  days: fc.integer({ min: 1, max: 35 }),
});
/** Undefined: no store filter (all of the manager's stores); else one or both of them. */
const filterArb = fc.constantFrom<number[] | undefined>(undefined, [0], [1], [0, 1]);

type Draw = typeof ratingArb extends fc.Arbitrary<infer R> ? R : never;
let sent = 0;

async function buildBusiness(ratings: Draw[]) {
  const owner = await makeUser({ timeZone: 'Europe/London' });
  await setMinSample(owner.id, MIN_SAMPLE);
  const stores = [];
  for (const s of STORES) stores.push(await makeStore(owner.id, s));
  // two people per store, and one who works at one of the manager's stores and at another one
  const people = [];
  for (const [i, s] of stores.entries()) {
    for (const n of [1, 2])
      people.push(await makeStaff(owner.id, [s._id], { name: `Person ${n} of ${STORES[i]!.name}` }));
  }
  people.push(await makeStaff(owner.id, [stores[0]!._id, stores[2]!._id], { name: 'Floating Fay' }));
  for (const [n, r] of ratings.entries()) {
    const store = stores[r.store]!;
    const at = new Date(FIRST + r.minute * 60000);
    const k = ++sent; // a device and an address of its own, across runs too
    const who = { ip: `10.${k >> 16}.${(k >> 8) & 255}.${k & 255}`, userAgent: 'Test' };
    const base = { store: String(store._id), idempotencyKey: randomUUID(), deviceId: newDeviceId() };
    const comment = r.comment ? `Comment #${n}.` : undefined;
    if (r.staff) {
      const here = people.filter((p) => p.stores.some((s) => String(s) === String(store._id)));
      const person = here[r.person % here.length]!;
      await submitRating(
        { kind: 'staff', ...base, staff: String(person._id), score: r.score, comment },
        who,
        at,
      );
    } else {
      await submitRating({ kind: 'experience', ...base, score: r.score, comment }, who, at);
    }
    if (r.visit) await recordVisit({ ...base, idempotencyKey: randomUUID() }, who, at);
  }
  return { owner, stores, people };
}

const plus = (day: string, n: number) =>
  DateTime.fromISO(day, { zone: 'UTC' }).plus({ days: n }).toISODate()!;

describe("a store manager's dashboards (property: random ratings over five stores in five zones)", () => {
  it('equal an independent recount over their two stores only and never mention the other three', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(ratingArb, { minLength: 5, maxLength: 40 }),
        periodArb,
        filterArb,
        async (list, p, only) => {
          runs += 1;
          const { owner, stores, people } = await buildBusiness(list);
          const manager = await makeMember(
            owner.id,
            'manager',
            MINE.map((i) => stores[i]!._id),
          );
          const mine = (only ?? MINE).map((i) => String(stores[i]!._id));
          const from = plus('2026-09-01', p.start);
          const f: RefFilter = { period: 'custom', from, to: plus(from, p.days - 1), stores: mine };
          const qs = `period=custom&from=${f.from}&to=${f.to}${only ? `&stores=${only.map((i) => stores[i]!._id).join(',')}` : ''}`;
          const get = async (path: string) => {
            const res = await request(app).get(`/api/v1/analytics/${path}?${qs}`).set(manager.auth);
            expect([path, res.status]).toEqual([path, 200]);
            return res;
          };

          const raw = await rawWorld(owner.id);
          const ref = new Reference(raw, f, new Date(), MIN_SAMPLE);
          const cur = ref.ratings('cur');
          const prev = ref.ratings('prev');
          const order = [...cur].sort((a, b) => +b.createdAt - +a.createdAt || (b._id > a._id ? 1 : -1));

          // Snapshot
          const snap = (await get('snapshot')).body;
          expect([snap.ratings.value, snap.ratings.previous]).toEqual([cur.length, prev.length]);
          near(snap.average.value, Reference.avg(cur));
          near(snap.average.previous, Reference.avg(prev));
          near(snap.csat.value, Reference.csat(cur));
          const visits = ref.events('visit', 'cur').length;
          expect([snap.visits.value, snap.visits.previous]).toEqual([
            visits,
            ref.events('visit', 'prev').length,
          ]);
          near(snap.ratingRate.value, visits ? (cur.length / visits) * 100 : null);
          expect(snap.latestComments.map((i: { _id: string }) => i._id)).toEqual(
            order
              .filter((r) => r.comment)
              .slice(0, 5)
              .map((r) => r._id),
          );
          const storeRef = ref.rankRows(
            ref.stores().map((s) => ({ id: s._id, list: cur.filter((r) => r.store === s._id) })),
          );
          expect(
            snap.stores
              .map((s: { store: { _id: string }; rank: number | null; ratings: number }) => [
                s.store._id,
                s.rank,
                s.ratings,
              ])
              .sort(),
          ).toEqual(storeRef.rows.map((r) => [r.id, r.rank, r.list.length]).sort());

          // Overview: day buckets (periods up to 35 days are days or weeks), heatmap in each store's zone, split
          const over = (await get('overview')).body;
          const bucketOf = (d: string) =>
            over.granularity === 'day' ? d : DateTime.fromISO(d).startOf('week').toISODate()!;
          expect(over.series.reduce((n: number, pt: { count: number }) => n + pt.count, 0)).toBe(cur.length);
          for (const point of over.series) {
            const inBucket = cur.filter((r) => bucketOf(ref.localDayOf(r)) === point.bucket);
            expect(point.count).toBe(inBucket.length);
            near(point.average, Reference.avg(inBucket));
          }
          const cells = ref.heatmap();
          expect(
            over.heatmap.map((c: { weekday: number; hour: number; count: number }) => [
              c.weekday,
              c.hour,
              c.count,
            ]),
          ).toEqual(cells.map((c) => [c.weekday, c.hour, c.scores.length]));
          expect(over.split.staff.count).toBe(cur.filter((r) => r.kind === 'staff').length);
          expect(over.split.experience.count).toBe(cur.filter((r) => r.kind === 'experience').length);

          // Store league: only the manager's stores, ranked among themselves
          const storeLeague = (await get('store-league')).body;
          near(storeLeague.priorMean, storeRef.prior);
          const storeRows = [...storeLeague.ranked, ...storeLeague.notRanked];
          expect(storeRows.map((r) => r.store._id).sort()).toEqual([...mine].sort());
          for (const row of storeRows) {
            const want = storeRef.rows.find((r) => r.id === row.store._id)!;
            expect([row.ratings, row.rank]).toEqual([want.list.length, want.rank]);
            near(row.adjustedAverage, want.adjusted);
            expect(row.visits).toBe(
              ref.events('visit', 'cur').filter((e) => e.store === row.store._id).length,
            );
          }

          // Staff league: the people who work at those stores, their own ratings there, ranked among themselves
          const staffLeague = (await get('staff-league')).body;
          const staffRows = [...staffLeague.ranked, ...staffLeague.notRanked];
          const working = people
            .filter((x) => x.stores.some((s) => mine.includes(String(s))))
            .map((x) => String(x._id));
          expect(staffRows.map((r) => r.staff._id).sort()).toEqual(working.sort());
          const own = (l: RawRating[], id: string) =>
            l.filter((r) => r.kind === 'staff' && r.staff === id && !r.staffExcluded);
          const staffRef = ref.rankRows(working.map((id) => ({ id, list: own(cur, id) })));
          near(staffLeague.priorMean, staffRef.prior);
          for (const row of staffRows) {
            const want = staffRef.rows.find((r) => r.id === row.staff._id)!;
            expect([row.ratings, row.rank]).toEqual([want.list.length, want.rank]);
            near(row.adjustedAverage, want.adjusted);
            near(row.trend.previousAverage, Reference.avg(own(prev, row.staff._id)));
            expect(row.stores.every((s: { _id: string }) => mine.includes(s._id))).toBe(true);
          }
          const best = staffRef.rows.filter((r) => r.rank === 1).map((r) => r.id);
          if (best.length) expect(best).toContain(snap.bestStaff?.staff._id);
          else expect(snap.bestStaff).toBeNull();

          // Timeline, every page, and its CSV line by line in each store's own zone
          const timeline: Array<{ _id: string }> = [];
          let cursor: string | undefined;
          do {
            const page = await request(app)
              .get(`/api/v1/analytics/timeline?${qs}&limit=10${cursor ? `&cursor=${cursor}` : ''}`)
              .set(manager.auth);
            expect(page.status).toBe(200);
            timeline.push(...page.body.items);
            cursor = page.body.nextCursor ?? undefined;
          } while (cursor);
          expect(timeline.map((i) => i._id)).toEqual(order.map((r) => r._id));
          const csv = (await get('export/timeline')).text;
          const storeOf = (id: string) => raw.stores.find((s) => s._id === id)!;
          const staffName = (id: string | null) => (id ? raw.staff.find((x) => x._id === id)!.name : '');
          expect(csv.split('\r\n').slice(1, -1)).toEqual(
            order.map((r) =>
              [
                DateTime.fromJSDate(r.createdAt, { zone: storeOf(r.store).timeZone }).toFormat(
                  'yyyy-MM-dd HH:mm',
                ),
                storeOf(r.store).timeZone,
                storeOf(r.store).name,
                r.kind,
                staffName(r.staff),
                r.score,
                r.comment,
                '',
                r.outsideShift ? 'yes' : 'no',
                'no',
              ].join(','),
            ),
          );

          // Nothing of the stores outside the scope: not their ids, names, comments, nor people who only work there
          const outside = raw.stores.filter((s) => !mine.includes(s._id));
          const strangers = people.filter((x) => !working.includes(String(x._id)));
          const secrets = [
            ...outside.flatMap((s) => [s._id, s.name]),
            ...raw.ratings.filter((r) => !mine.includes(r.store) && r.comment).map((r) => r.comment),
            ...strangers.flatMap((x) => [String(x._id), x.name]),
          ];
          const said =
            [snap, over, storeLeague, staffLeague, timeline].map((b) => JSON.stringify(b)).join('\n') + csv;
          for (const secret of secrets) expect(said).not.toContain(secret);
        },
      ),
      { numRuns: 25, seed: 2111, endOnFailure: true },
    );
    expect(runs).toBe(25);
  });
});
