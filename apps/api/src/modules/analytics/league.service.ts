// Staff and store league tables from the rollups: fair ranks, trends, shift experience, visits and social clicks.
import type {
  TAreaLeagueQuery,
  TLeagueQuery,
  TStaffLeague,
  TStaffLeagueRow,
  TStoreLeague,
  TStoreLeagueRow,
} from '@cx/contracts';
import { fileUrl } from '../../lib/files';
import { StaffModel } from '../staff/staff.model';
import { addTo, average, emptyAgg, isRatingRow, loadRows, type Agg, type Row } from './figures';
import { rank, type RankFigures } from './ranking';
import type { Scope } from './scope';

type Pair = { current: Agg; previous: Agg };
const pair = (): Pair => ({ current: emptyAgg(), previous: emptyAgg() });

function bucket<K>(map: Map<K, Pair>, key: K): Pair {
  let p = map.get(key);
  if (!p) map.set(key, (p = pair()));
  return p;
}

export const LEAGUE_METRICS = ['staff', 'experience', 'shift', 'visit', 'social'] as const;

/** What the staff league reads on its own: per-person rows of own ratings and shift credit (no store rows). */
export const staffLeagueRows = (scope: Scope) => loadRows(scope, ['staff', 'shift'], { people: 'persons' });

/** The owner's people a staff league can list (not deleted), read beside the rows rather than after them. */
const leaguePeople = (scope: Scope) =>
  StaffModel.find(
    scope.staff
      ? { _id: scope.staff, business: scope.business, deletedAt: null }
      : { business: scope.business, deletedAt: null },
    { name: 1, photo: 1, active: 1, stores: 1 },
  ).lean();

/**
 * Staff rows of the scope: own ratings and shift-experience credit per person, for the people of its stores and
 * anyone with ratings in it (people of deleted records left out). Pass the rows' promise to read both at once.
 */
export async function staffLeagueFrom(
  scope: Scope,
  loading: Row[] | Promise<Row[]>,
): Promise<Omit<TStaffLeague, 'period'>> {
  const [rows, everyone] = await Promise.all([loading, leaguePeople(scope)]);
  const own = new Map<string, Pair>();
  const shift = new Map<string, Agg>();
  for (const r of rows) {
    if (!r.staff || (scope.staff && r.staff !== String(scope.staff))) continue;
    if (r.metric === 'staff') addTo(bucket(own, r.staff)[r.period], r);
    if (r.metric === 'shift' && r.period === 'current') {
      if (!shift.has(r.staff)) shift.set(r.staff, emptyAgg());
      addTo(shift.get(r.staff)!, r);
    }
  }
  const people = everyone.filter((p) => {
    const id = String(p._id);
    return scope.staff || own.has(id) || shift.has(id) || p.stores.some((s) => scope.byId.has(String(s)));
  });
  const items = people.map((p) => ({ ...(own.get(String(p._id)) ?? pair()), name: p.name, person: p }));
  const { prior, ranked, notRanked } = rank(items, scope.minSample);
  const row = (i: (typeof ranked)[number]): TStaffLeagueRow => {
    const credit = shift.get(String(i.person._id)) ?? emptyAgg();
    return {
      ...i.figures,
      staff: {
        _id: String(i.person._id),
        name: i.person.name,
        photo: fileUrl(i.person.photo),
        active: i.person.active,
      },
      stores: i.person.stores
        .map((s) => scope.byId.get(String(s)))
        .filter((s) => s !== undefined)
        .map((s) => ({ _id: s.id, name: s.name })),
      shiftExperience: { ratings: credit.count, average: average(credit) },
    };
  };
  return {
    minSample: scope.minSample,
    priorMean: prior,
    ranked: ranked.map(row),
    notRanked: notRanked.map(row),
  };
}

/** Store rows of the scope: the filtered ratings per store, its tracked visits and social clicks per network. */
export function storeLeagueFrom(scope: Scope, rows: Row[]): Omit<TStoreLeague, 'period'> {
  const ratings = new Map<string, Pair>();
  const visits = new Map<string, number>();
  const social = new Map<string, { total: number; byNetwork: Record<string, number> }>();
  for (const r of rows) {
    if (isRatingRow(scope, r)) addTo(bucket(ratings, r.store)[r.period], r);
    if (r.period !== 'current' || r.staff) continue;
    if (r.metric === 'visit') visits.set(r.store, (visits.get(r.store) ?? 0) + r.count);
    if (r.metric === 'social') {
      const s = social.get(r.store) ?? { total: 0, byNetwork: {} };
      s.total += r.count;
      for (const [net, n] of Object.entries(r.net ?? {})) s.byNetwork[net] = (s.byNetwork[net] ?? 0) + n;
      social.set(r.store, s);
    }
  }
  const items = scope.stores.map((s) => ({ ...(ratings.get(s.id) ?? pair()), name: s.name, store: s }));
  const { prior, ranked, notRanked } = rank(items, scope.minSample);
  const row = (i: { store: (typeof items)[number]['store']; figures: RankFigures }): TStoreLeagueRow => {
    const v = visits.get(i.store.id) ?? 0;
    return {
      ...i.figures,
      store: { _id: i.store.id, name: i.store.name, image: i.store.image },
      visits: v,
      ratingRate: v ? (i.figures.ratings / v) * 100 : null,
      socialClicks: social.get(i.store.id) ?? { total: 0, byNetwork: {} },
    };
  };
  return {
    minSample: scope.minSample,
    priorMean: prior,
    ranked: ranked.map(row),
    notRanked: notRanked.map(row),
  };
}

type SortKey = TLeagueQuery['sort'] | TAreaLeagueQuery['sort'];
/** What any league row (staff, store or area) can be ordered by. */
type SortableRow = Pick<TStoreLeagueRow, 'ratings' | 'average' | 'csat' | 'trend'> & {
  shiftExperience?: TStaffLeagueRow['shiftExperience'];
  stores?: unknown;
};
const sortValue: Record<Exclude<SortKey, 'rank' | 'name'>, (r: SortableRow) => number> = {
  ratings: (r) => r.ratings,
  average: (r) => r.average ?? -1,
  csat: (r) => r.csat ?? -1,
  trend: (r) => r.trend.change ?? -Infinity,
  shiftExperience: (r) => r.shiftExperience?.average ?? -1,
  stores: (r) => (typeof r.stores === 'number' ? r.stores : -1),
};

/** Orders each list by the chosen column (rank keeps the ranking order; ties broken by name). */
export function sortLeague<R extends SortableRow>(
  list: R[],
  sort: SortKey,
  order: 'asc' | 'desc' | undefined,
  nameOf: (r: R) => string,
): R[] {
  if (sort === 'rank' && !order) return list;
  const dir = (order ?? (sort === 'name' || sort === 'rank' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  const by = (r: R, i: number) => (sort === 'rank' ? i : sort === 'name' ? 0 : sortValue[sort](r));
  return list
    .map((r, i) => ({ r, v: by(r, i) }))
    .sort((a, b) => dir * (a.v - b.v) || dir * nameOf(a.r).localeCompare(nameOf(b.r)))
    .map((x) => x.r);
}

export { loadRows };
