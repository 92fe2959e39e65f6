// The area league: the areas below a node ranked by the store league's rules, summed from their stores' rollups.
import {
  AREA_LEAGUE_MESSAGES,
  type TAreaLeague,
  type TAreaLeagueQuery,
  type TAreaLeagueRow,
} from '@cx/contracts';
import { AppError, notFound } from '../../lib/errors';
import type { Access } from '../../tenancy/access';
import { areaNodes, type AreaNode } from '../../tenancy/area-stores';
import { StoreModel } from '../stores/store.model';
import { addTo, emptyAgg, isRatingRow, loadRows, type Agg } from './figures';
import { sortLeague } from './league.service';
import { rank, type RankFigures } from './ranking';
import type { Scope } from './scope';
import { summedStorePeriods, type StoreSums } from './summed-rows';

interface AreaItem {
  current: Agg;
  previous: Agg;
  name: string;
  node: AreaNode;
  stores: number;
}

/** The deepest node on every path (the top area when they part at once, or with no path). */
export function commonNode(paths: string[][], top: string): string {
  let common = paths[0] ?? [top];
  for (const p of paths.slice(1)) {
    let i = 0;
    while (i < common.length && i < p.length && common[i] === p[i]) i++;
    common = common.slice(0, i);
  }
  return common.at(-1) ?? top;
}

/**
 * Where a member limited to some stores starts: where their stores meet, or, when they all sit right in that area
 * (a district manager), the area above it, so the league has their own area as its row rather than nothing.
 */
export function ownStart(paths: string[][], top: string): string {
  const common = commonNode(paths, top);
  if (common === top || paths.some((p) => p.at(-1) !== common)) return common;
  const path = paths[0]!;
  return path[path.length - 2] ?? top;
}

/** The member's own stores' areas (null for a member covering every store). */
async function ownAreas(access: Access): Promise<Array<string | null> | null> {
  if (access.storeIds === null) return null;
  const stores = await StoreModel.find(
    { business: access.businessId, _id: { $in: access.storeIds }, deletedAt: null },
    { area: 1 },
  ).lean();
  return stores.map((s) => (s.area ? String(s.area) : null));
}

const levelError = () =>
  new AppError('VALIDATION_ERROR', AREA_LEAGUE_MESSAGES.levelBelowParent, 400, {
    level: [AREA_LEAGUE_MESSAGES.levelBelowParent],
  });

/**
 * Ranks the areas one level below `parent` (or at `level` under it). A store counts in the listed area above it, with
 * its whole history (rollups are per store, so a moved store takes its figures along). A member limited to some
 * stores sees only nodes above their stores (any other is "not found") and only areas holding scope stores; an
 * all-store member without filters also sees the empty areas.
 */
export async function areaLeague(
  access: Access,
  scope: Scope,
  query: Pick<TAreaLeagueQuery, 'parent' | 'level' | 'sort' | 'order'>,
  sums?: StoreSums,
): Promise<Omit<TAreaLeague, 'period'>> {
  const top = String(scope.business);
  const [nodes, own] = await Promise.all([areaNodes(top), ownAreas(access)]);
  const pathOf = (area: string | null) => nodes.get(area ?? top)?.path ?? [top];
  const ownPaths = own?.map(pathOf) ?? null;
  const visible = (id: string) => id === top || !ownPaths || ownPaths.some((p) => p.includes(id));
  const parent = nodes.get(query.parent ?? (ownPaths ? ownStart(ownPaths, top) : top));
  if (!parent || !visible(parent.id)) throw notFound('Area');
  const depth = parent.path.length - 1;
  const level = query.level ?? depth + 1;
  if (level <= depth) throw levelError();

  const items = new Map<string, AreaItem>();
  const itemOf = (node: AreaNode) => {
    let item = items.get(node.id);
    if (!item) {
      item = { current: emptyAgg(), previous: emptyAgg(), name: node.name, node, stores: 0 };
      items.set(node.id, item);
    }
    return item;
  };
  const unfiltered = access.storeIds === null && !scope.filter.stores?.length && !scope.filter.areas?.length;
  if (unfiltered) {
    for (const node of nodes.values())
      if (node.path.length - 1 === level && node.path[depth] === parent.id) itemOf(node);
  }
  const holder = new Map<string, AreaItem>();
  for (const store of scope.stores) {
    const path = pathOf(store.area);
    const node = path.length > level && path[depth] === parent.id ? nodes.get(path[level]!) : undefined;
    if (!node) continue;
    const item = itemOf(node);
    item.stores += 1;
    holder.set(store.id, item);
  }
  // only the rows of the stores under the listed areas
  const under = scope.stores.filter((s) => holder.has(s.id));
  // each store's totals per period, summed on the server (the league never needs a store's days)
  const narrowed = { ...scope, stores: under, byId: new Map(under.map((s) => [s.id, s])) };
  // (or the scope's sums the caller read for the targets too: the rows of stores under no listed area are skipped)
  const rows = scope.staff
    ? await loadRows(narrowed, ['staff', 'experience'], { people: 'store' })
    : sums?.scope === scope
      ? await sums.rows
      : await summedStorePeriods(narrowed, ['staff', 'experience']);
  for (const r of rows) {
    const item = holder.get(r.store);
    if (item && isRatingRow(scope, r)) addTo(item[r.period], r);
  }

  const { prior, ranked, notRanked } = rank([...items.values()], scope.minSample);
  const row = (i: AreaItem & { figures: RankFigures }): TAreaLeagueRow => ({
    ...i.figures,
    area: { _id: i.node.id, name: i.node.name },
    stores: i.stores,
  });
  const order = (list: TAreaLeagueRow[]) => sortLeague(list, query.sort, query.order, (r) => r.area.name);
  return {
    parent: { _id: parent.id, name: parent.name },
    path: parent.path.map((id) => ({ _id: id, name: nodes.get(id)?.name ?? '' })),
    level,
    minSample: scope.minSample,
    priorMean: prior,
    ranked: order(ranked.map(row)),
    notRanked: order(notRanked.map(row)),
  };
}
