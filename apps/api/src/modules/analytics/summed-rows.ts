// Each store's rollup figures per period summed on the server ($group per store and metric), for the area league.
import { Types } from 'mongoose';
import { rangeParts, rowOf, type Row } from './figures';
import { RollupModel, type RollupMetric } from './rollup.model';
import type { Scope } from './scope';

interface Figures {
  _id: { metric: RollupMetric; day: string };
  count: number;
  scoreSum: number;
  d1: number;
  d2: number;
  d3: number;
  d4: number;
  d5: number;
}

const FIGURES = ['count', 'scoreSum', 'd1', 'd2', 'd3', 'd4', 'd5'] as const;

/**
 * The store rows (staff null) of the metrics summed per store, metric and period on the server (one $group per zone
 * and period, the store's own row keys): for readers that need each store's totals, never its days (area league).
 * Each row carries its store and period; its day is the period's first.
 */
export async function summedStorePeriods(
  scope: Scope,
  metrics: RollupMetric[],
  periods: ReadonlyArray<Row['period']> = ['previous', 'current'],
): Promise<Row[]> {
  const groups = new Map<
    string,
    { stores: Types.ObjectId[]; period: Row['period']; parts: string[]; from: string }
  >();
  for (const s of scope.stores) {
    for (const period of periods) {
      const { from, to } = s.period[period];
      const key = `${period}/${from}/${to}`;
      const group = groups.get(key);
      if (group) group.stores.push(s._id);
      else groups.set(key, { stores: [s._id], period, parts: rangeParts(s.period[period], true), from });
    }
  }
  const business = new Types.ObjectId(scope.business);
  const sums = Object.fromEntries(FIGURES.map((f) => [f, { $sum: `$${f}` }]));
  const read = async (g: {
    stores: Types.ObjectId[];
    period: Row['period'];
    parts: string[];
    from: string;
  }) => {
    const found = await RollupModel.aggregate<
      Omit<Figures, '_id'> & { _id: { store: Types.ObjectId; metric: RollupMetric } }
    >([
      {
        $match: {
          business,
          metric: { $in: metrics },
          store: { $in: g.stores },
          staff: null,
          day: { $in: g.parts },
        },
      },
      { $group: { _id: { store: '$store', metric: '$metric' }, ...sums } },
    ]);
    return found.map((f) =>
      rowOf({ ...f, metric: f._id.metric, day: g.from }, String(f._id.store), g.period),
    );
  };
  return (await Promise.all([...groups.values()].map(read))).flat();
}

/** Every scope store's rating rows (staff, experience) summed per period, read once for all of a call's readers. */
export interface StoreSums {
  scope: Scope;
  rows: Promise<Row[]>;
}

/**
 * The area league and its targets both need each store's sums (the league both periods, the targets the current
 * one): one read of both periods for the scope's stores serves the two, instead of reading the current one twice.
 */
export function storeRatingSums(scope: Scope): StoreSums {
  const rows = summedStorePeriods(scope, ['staff', 'experience']);
  // a reader that fails before awaiting leaves the other to see the failure
  rows.catch(() => undefined);
  return { scope, rows };
}

/** Hour cells a row may hold: `<hour>` on day rows, `<weekday>-<hour>` on week rows. */
const CELLS = [
  ...Array.from({ length: 24 }, (_, h) => String(h)),
  ...Array.from({ length: 7 * 24 }, (_, i) => `${Math.floor(i / 24) + 1}-${i % 24}`),
];

/**
 * The current period's store rows (staff null) summed on the server per metric and row key (day, or whole week):
 * stores whose current period is the same days (one zone) are one $group, figures and every hour cell summed. The
 * rows carry store '' (for readers that never split by store: the Overview); each equals the stores' own rows summed.
 */
export async function summedCurrentRows(
  scope: Scope,
  metrics: RollupMetric[],
  weeks: boolean,
): Promise<Row[]> {
  const groups = new Map<string, { stores: Types.ObjectId[]; parts: string[] }>();
  for (const s of scope.stores) {
    const key = `${s.period.current.from}/${s.period.current.to}`;
    const group = groups.get(key);
    if (group) group.stores.push(s._id);
    else groups.set(key, { stores: [s._id], parts: rangeParts(s.period.current, weeks) });
  }
  const read = (g: { stores: Types.ObjectId[]; parts: string[] }) =>
    summedByDay(scope.business, g.stores, metrics, { $in: g.parts });
  return (await Promise.all([...groups.values()].map(read))).flat();
}

/** Every figure and hour cell summed per metric and row key (the `h.<cell>` sums a row may hold). */
const DAY_SUMS: Record<string, { $sum: string }> = Object.fromEntries([
  ...FIGURES.map((f) => [f, { $sum: `$${f}` }]),
  ...CELLS.flatMap((at) => [
    [`n${at}`, { $sum: `$h.${at}.n` }],
    [`s${at}`, { $sum: `$h.${at}.s` }],
  ]),
]);

/**
 * The stores' rows (staff null) of the days matched by `day`, summed on the server per metric and row key into rows
 * of store '' (sign -1: taken out of a sum, as the stores outside an area are out of the business rows).
 */
export async function summedByDay(
  businessId: string,
  stores: Types.ObjectId[],
  metrics: RollupMetric[],
  day: unknown,
  sign: 1 | -1 = 1,
): Promise<Row[]> {
  if (stores.length === 0) return [];
  const found = await RollupModel.aggregate<
    Omit<Figures, '_id'> & { _id: { metric: RollupMetric; day: string } } & Record<string, number>
  >([
    {
      $match: {
        business: new Types.ObjectId(businessId),
        metric: { $in: metrics },
        store: { $in: stores },
        staff: null,
        day,
      },
    },
    { $group: { _id: { metric: '$metric', day: '$day' }, ...DAY_SUMS } },
  ]);
  return found.map((f) => {
    const h: Record<string, { n: number; s: number }> = {};
    for (const at of CELLS) if (f[`n${at}`]) h[at] = { n: f[`n${at}`]!, s: f[`s${at}`] ?? 0 };
    return rowOf({ ...f, metric: f._id.metric, day: f._id.day, h }, '', 'current', sign);
  });
}
