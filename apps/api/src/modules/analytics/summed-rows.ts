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
export async function summedStorePeriods(scope: Scope, metrics: RollupMetric[]): Promise<Row[]> {
  const groups = new Map<
    string,
    { stores: Types.ObjectId[]; period: Row['period']; parts: string[]; from: string }
  >();
  for (const s of scope.stores) {
    for (const period of ['previous', 'current'] as const) {
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
