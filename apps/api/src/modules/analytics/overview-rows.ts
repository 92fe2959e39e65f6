// The Overview's rating rows for the current period: business rows for the days and weeks every store's period holds.
import type { Types } from 'mongoose';
import { BUSINESS_METRICS, BusinessRollupModel } from './rollup.model';
import { loadRows, rangeParts, rowOf, type Row } from './figures';
import type { Scope } from './scope';
import { summedByDay, summedCurrentRows } from './summed-rows';

/**
 * The current period's store-level rating rows (both kinds; with a staff filter, that person's rows only), summed the
 * cheapest way: where the scope is most of an all-store member's stores (every live one, or an area of most of them),
 * each day or whole week that lies in every store's own period is read as one business row (the owner's stores
 * together) less the rows of the stores outside the scope (deleted ones too), and only the days
 * around those (where the stores' zones disagree on the dates, or a week is cut) are read per store.
 */
export async function currentRatingRows(scope: Scope, weeks: boolean): Promise<Row[]> {
  const metrics = [...BUSINESS_METRICS];
  if (scope.staff)
    return loadRows(scope, metrics, { people: 'persons', hours: true, weeks, periods: ['current'] });
  // a few stores (a small area, a store filter, a member's own): summed on the server, one row per metric and day or week
  if (!scope.outsideStores) return summedCurrentRows(scope, metrics, weeks);
  if (scope.stores.length === 0) return [];
  const partsOf = new Map(scope.stores.map((s) => [s.id, new Set(rangeParts(s.period.current, weeks))]));
  const [first, ...others] = [...partsOf.values()];
  const everywhere = [...first!].filter((key) => others.every((parts) => parts.has(key)));
  for (const parts of partsOf.values()) for (const key of everywhere) parts.delete(key);
  // the days around those, per set of stores holding the same ones (a zone): a store's row of a date only another
  // store's period holds is not this store's
  const around = new Map<string, { stores: Types.ObjectId[]; parts: string[] }>();
  for (const store of scope.stores) {
    const parts = [...partsOf.get(store.id)!];
    if (parts.length === 0) continue;
    const key = parts.join('|');
    const group = around.get(key);
    if (group) group.stores.push(store._id);
    else around.set(key, { stores: [store._id], parts });
  }
  // days only: the days every store holds are one run of dates, read as a range (a year would be 365 keys)
  const held = weeks ? { $in: everywhere } : { $gte: everywhere[0], $lte: everywhere.at(-1) };
  // the stores' own rows summed on the server (one row per metric and day or week), not shipped one by one
  const [business, perStore, outside] = await Promise.all([
    everywhere.length
      ? BusinessRollupModel.find(
          { business: scope.business, metric: { $in: metrics }, day: held },
          { _id: 0, business: 0 },
        ).lean()
      : [],
    Promise.all(
      [...around.values()].map((g) => summedByDay(scope.business, g.stores, metrics, { $in: g.parts })),
    ),
    everywhere.length ? summedByDay(scope.business, scope.outsideStores, metrics, held, -1) : [],
  ]);
  return [...business.map((doc) => rowOf(doc, '', 'current')), ...perStore.flat(), ...outside];
}
