// Property: every dashboard figure equals an independent recount from the raw documents, in each store's own zone.
import { DateTime } from 'luxon';
import { overview, snapshot } from '../../src/modules/analytics/dashboard.service';
import {
  loadRows,
  staffLeagueFrom,
  staffLeagueRows,
  storeLeagueFrom,
  LEAGUE_METRICS,
} from '../../src/modules/analytics/league.service';
import { loadScope } from '../../src/modules/analytics/scope';
import { timelinePage } from '../../src/modules/analytics/timeline.service';
import { setupTestDb } from '../helpers/db';
import { Reference, type RefFilter, type RawRating } from './reference';
import { ownerAccess } from './support';
import { buildWorld, NOW, rawWorld } from './world';

setupTestDb();
jest.setTimeout(600_000);

const SEED = 20261123;
const near = (a: number | null | undefined, b: number | null | undefined) => {
  if (a === null || a === undefined || b === null || b === undefined) expect(a ?? null).toBe(b ?? null);
  else expect(Math.abs(a - b)).toBeLessThan(1e-9);
};

async function figuresFor(business: string, f: RefFilter) {
  const query = { ...f, period: f.period } as Parameters<typeof loadScope>[1];
  const scope = await loadScope(ownerAccess(business), query, NOW);
  const items = [];
  let cursor: string | undefined;
  do {
    const page = await timelinePage(scope, { ...query, flagged: 'exclude', cursor, limit: 100 });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return {
    snap: await snapshot(scope),
    over: await overview(scope, 'auto'),
    // as the two league endpoints read them
    staff: await staffLeagueFrom(scope, await staffLeagueRows(scope)),
    stores: storeLeagueFrom(scope, await loadRows(scope, [...LEAGUE_METRICS], { people: 'store' })),
    timeline: items,
  };
}

describe('dashboard figures (property: 2,000+ random events in three zones)', () => {
  it('equal an independent recount for every period preset, filter and table', async () => {
    const world = await buildWorld(SEED, 2000, { bulk: true });
    const raw = await rawWorld(world.business.id);
    const [london, newYork, sydney] = world.stores.map((s) => String(s._id));
    const filters: RefFilter[] = [
      { period: 'today' },
      { period: 'yesterday' },
      { period: 'last7' },
      { period: 'last30' },
      { period: 'thisMonth' },
      { period: 'lastMonth' },
      { period: 'last90' },
      // Spring clock changes (US, EU, AU) and last autumn's.
      { period: 'custom', from: '2026-03-01', to: '2026-04-10' },
      { period: 'custom', from: '2025-11-20', to: '2026-11-10' },
      { period: 'custom', from: '2026-10-01', to: '2026-11-05' },
      { period: 'last90', stores: [newYork!, sydney!] },
      { period: 'last90', kind: 'experience' },
      { period: 'last90', staff: String(world.staff[3]!._id) },
      { period: 'custom', from: '2026-03-01', to: '2026-04-10', stores: [london!], kind: 'staff' },
    ];
    let checked = 0;
    for (const f of filters) {
      const ref = new Reference(raw, f, NOW, 10);
      const got = await figuresFor(world.business.id, f);
      const cur = ref.ratings('cur');
      const prev = ref.ratings('prev');

      // Snapshot KPIs, this period and the previous one.
      expect([got.snap.ratings.value, got.snap.ratings.previous]).toEqual([cur.length, prev.length]);
      near(got.snap.average.value, Reference.avg(cur));
      near(got.snap.average.previous, Reference.avg(prev));
      near(got.snap.csat.value, Reference.csat(cur));
      const visits = ref.events('visit', 'cur').length;
      expect(got.snap.visits.value).toBe(visits);
      expect(got.snap.visits.previous).toBe(ref.events('visit', 'prev').length);
      near(got.snap.ratingRate.value, visits ? (cur.length / visits) * 100 : null);
      expect(got.snap.socialClicks.value).toBe(ref.events('social', 'cur').length);

      // Overview: buckets, distribution, heatmap, split.
      expect(got.over.series.reduce((n, p) => n + p.count, 0)).toBe(cur.length);
      const bucketOf = (d: string) =>
        got.over.granularity === 'day'
          ? d
          : got.over.granularity === 'week'
            ? DateTime.fromISO(d).startOf('week').toISODate()!
            : `${d.slice(0, 7)}-01`;
      for (const point of got.over.series) {
        const inBucket = cur.filter((r) => bucketOf(ref.localDayOf(r)) === point.bucket);
        expect(point.count).toBe(inBucket.length);
        near(point.average, Reference.avg(inBucket));
        expect(point.distribution).toEqual(
          [1, 2, 3, 4, 5].map((s) => inBucket.filter((r) => r.score === s).length),
        );
      }
      const cells = ref.heatmap();
      expect(got.over.heatmap.map((c) => [c.weekday, c.hour, c.count])).toEqual(
        cells.map((c) => [c.weekday, c.hour, c.scores.length]),
      );
      got.over.heatmap.forEach((c, i) =>
        near(c.average, Reference.avg(cells[i]!.scores.map((score) => ({ score })))),
      );
      const unkinded = new Reference(raw, { ...f, kind: undefined }, NOW, 10).ratings('cur');
      expect(got.over.split.staff.count).toBe(unkinded.filter((r) => r.kind === 'staff').length);
      expect(got.over.split.experience.count).toBe(unkinded.filter((r) => r.kind === 'experience').length);

      // Store league: fair ranks, visits, social clicks per network.
      const storeRef = ref.rankRows(
        ref.stores().map((s) => ({ id: s._id, list: cur.filter((r) => r.store === s._id) })),
      );
      near(got.stores.priorMean, storeRef.prior);
      const storeRows = [...got.stores.ranked, ...got.stores.notRanked];
      expect(storeRows.map((r) => r.store._id).sort()).toEqual(
        ref
          .stores()
          .map((s) => s._id)
          .sort(),
      );
      for (const row of storeRows) {
        const want = storeRef.rows.find((r) => r.id === row.store._id)!;
        expect([row.ratings, row.rank]).toEqual([want.list.length, want.rank]);
        near(row.adjustedAverage, want.adjusted);
        const clicks = ref.events('social', 'cur').filter((e) => e.store === row.store._id);
        expect(row.visits).toBe(ref.events('visit', 'cur').filter((e) => e.store === row.store._id).length);
        expect(row.socialClicks.total).toBe(clicks.length);
        for (const net of ['googleReview', 'instagram'])
          expect(row.socialClicks.byNetwork[net] ?? 0).toBe(clicks.filter((e) => e.network === net).length);
      }

      // Staff league: own ratings (staff kind), shift experience apart, trend against the previous period.
      const own = (list: RawRating[], id: string) =>
        list.filter((r) => r.kind === 'staff' && r.staff === id && !r.staffExcluded);
      const staffCur = new Reference(raw, { ...f, kind: undefined }, NOW, 10).ratings('cur');
      const staffPrev = new Reference(raw, { ...f, kind: undefined }, NOW, 10).ratings('prev');
      const staffRows = [...got.staff.ranked, ...got.staff.notRanked];
      const staffRef = ref.rankRows(
        staffRows.map((r) => ({ id: r.staff._id, list: own(staffCur, r.staff._id) })),
      );
      for (const row of staffRows) {
        const want = staffRef.rows.find((r) => r.id === row.staff._id)!;
        expect([row.ratings, row.rank]).toEqual([want.list.length, want.rank]);
        near(row.adjustedAverage, want.adjusted);
        near(row.trend.previousAverage, Reference.avg(own(staffPrev, row.staff._id)));
        const credit = ref.shiftExperience(row.staff._id);
        expect(row.shiftExperience.ratings).toBe(credit.length);
        near(row.shiftExperience.average, Reference.avg(credit));
      }
      expect(got.staff.ranked.length + got.staff.notRanked.length).toBeGreaterThan(0);

      // Timeline: every counted rating of the period, newest first, across pages.
      const order = [...cur].sort((a, b) => +b.createdAt - +a.createdAt || (b._id > a._id ? 1 : -1));
      expect(got.timeline.map((i) => i._id)).toEqual(order.map((r) => r._id));
      expect(got.snap.latestComments.map((i) => i._id)).toEqual(
        order
          .filter((r) => r.comment)
          .slice(0, 5)
          .map((r) => r._id),
      );
      checked += 1;
    }
    expect(checked).toBe(filters.length);
    // The world really holds what the property is about.
    expect(raw.ratings.length).toBeGreaterThanOrEqual(2000);
    expect(raw.ratings.some((r) => r.flag.suspicious && !r.flag.restored)).toBe(true);
    expect(raw.ratings.some((r) => r.flag.restored)).toBe(true);
    expect(raw.ratings.filter((r) => r.staffExcluded && r.kind === 'staff')).toHaveLength(4);
    expect(raw.ratings.some((r) => r.outsideShift)).toBe(true);
  });
});
