// The store-level rating rows of a set of stores summed on the server ($group per metric and day), for the Overview.
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

interface Cell {
  _id: { metric: RollupMetric; day: string; at: string };
  n: number;
  s: number;
}

const FIGURES = ['count', 'scoreSum', 'd1', 'd2', 'd3', 'd4', 'd5'] as const;

/**
 * The current period's store rows (staff null) of the metrics, summed over the scope's stores on the server: stores
 * whose current period is the same days (one zone) are one group, summed per metric and row key (day, or whole week),
 * figures and hour cells apart. The rows carry store '' (no store of their own): for readers that never split by store.
 * Each figure equals the sum of the stores' own rows of their own days.
 */
export async function summedCurrentRows(
  scope: Scope,
  metrics: RollupMetric[],
  weeks: boolean,
): Promise<Row[]> {
  const groups = new Map<string, { stores: Types.ObjectId[]; parts: string[]; from: string; to: string }>();
  for (const s of scope.stores) {
    const { from, to } = s.period.current;
    const key = `${from}/${to}`;
    const group = groups.get(key);
    if (group) group.stores.push(s._id);
    else groups.set(key, { stores: [s._id], parts: rangeParts(s.period.current, weeks), from, to });
  }
  const business = new Types.ObjectId(scope.business);
  const read = async (g: { stores: Types.ObjectId[]; parts: string[]; from: string; to: string }) => {
    const $match = {
      business,
      metric: { $in: metrics },
      store: { $in: g.stores },
      staff: null,
      // day rows only: the range itself (a week key sorts after every date)
      day: weeks ? { $in: g.parts } : { $gte: g.from, $lte: g.to },
    };
    const sums = Object.fromEntries(FIGURES.map((f) => [f, { $sum: `$${f}` }]));
    const [figures, cells] = await Promise.all([
      RollupModel.aggregate<Figures>([
        { $match },
        { $group: { _id: { metric: '$metric', day: '$day' }, ...sums } },
      ]),
      RollupModel.aggregate<Cell>([
        { $match: { ...$match, h: { $exists: true } } },
        { $project: { _id: 0, metric: 1, day: 1, h: { $objectToArray: '$h' } } },
        { $unwind: '$h' },
        {
          $group: {
            _id: { metric: '$metric', day: '$day', at: '$h.k' },
            n: { $sum: '$h.v.n' },
            s: { $sum: '$h.v.s' },
          },
        },
      ]),
    ]);
    const hours = new Map<string, Record<string, { n: number; s: number }>>();
    for (const c of cells) {
      const key = `${c._id.metric}|${c._id.day}`;
      const h = hours.get(key) ?? {};
      h[c._id.at] = { n: c.n, s: c.s };
      hours.set(key, h);
    }
    return figures.map((f) =>
      rowOf(
        { ...f, metric: f._id.metric, day: f._id.day, h: hours.get(`${f._id.metric}|${f._id.day}`) },
        '',
        'current',
      ),
    );
  };
  return (await Promise.all([...groups.values()].map(read))).flat();
}
