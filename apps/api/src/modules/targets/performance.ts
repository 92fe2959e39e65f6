// Each node against its target, its parent area and its peers, computed from the stores' daily rollups at read time.
import {
  TARGET_AMBER_BAND,
  TARGET_METRICS,
  type TNodePerformance,
  type TRagState,
  type TTargetMetric,
  type TTargetPerformance,
} from '@cx/contracts';
import type { Access } from '../../tenancy/access';
import { lowestCommonArea, storesUnder, type Tree } from '../../tenancy/tree';
import { loadScope, type Scope } from '../analytics/scope';
import type { Row } from '../analytics/figures';
import { summedStorePeriods, type StoreSums } from '../analytics/summed-rows';
import { effectiveTarget, indexTargets, loadTargets, nodeRef, type TargetIndex } from './targets.service';

/** A store's ratings over its own current period. */
export interface StoreFigures {
  count: number;
  sum: number;
  /** 4- and 5-star ratings. */
  happy: number;
  /** Ratings of a staff member. */
  staff: number;
  /** Days in the store's period (volumes are per 7 days). */
  days: number;
}

type Figure = Record<TTargetMetric, number | null>;

/** green at or above the target, amber up to the band below it, red further below. */
export function ragState(actual: number | null, target: number | null): TRagState | null {
  if (actual === null || target === null) return null;
  if (actual >= target) return 'green';
  return actual >= target * (1 - TARGET_AMBER_BAND) ? 'amber' : 'red';
}

/** Scores pooled over the node's stores; volumes as the mean per store per week (targets on volumes are per store). */
function figureOf(stores: StoreFigures[]): Figure {
  if (stores.length === 0) return { average: null, happy: null, volume: null, staffRatings: null };
  let count = 0;
  let sum = 0;
  let happy = 0;
  let volume = 0;
  let staff = 0;
  for (const s of stores) {
    count += s.count;
    sum += s.sum;
    happy += s.happy;
    volume += (s.count * 7) / Math.max(1, s.days);
    staff += (s.staff * 7) / Math.max(1, s.days);
  }
  return {
    average: count ? sum / count : null,
    happy: count ? (happy / count) * 100 : null,
    volume: volume / stores.length,
    staffRatings: staff / stores.length,
  };
}

const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

/** The tree, the targets and the figures of the stores a member covers, turned into per-node performance. */
export class Performance {
  private readonly figures = new Map<string, Figure>();
  constructor(
    readonly tree: Tree,
    private readonly targets: TargetIndex,
    private readonly stores: Map<string, StoreFigures>,
  ) {}

  /** The node's figure over the covered stores at or under it (null figures when it holds none of them). */
  figure(id: string): Figure {
    let f = this.figures.get(id);
    if (!f) {
      const under = storesUnder(this.tree, id)
        .map((s) => this.stores.get(s))
        .filter((s): s is StoreFigures => s !== undefined);
      this.figures.set(id, (f = figureOf(under)));
    }
    return f;
  }

  /** Siblings of the same kind holding at least one covered store. */
  private peers(id: string): string[] {
    const node = this.tree.nodes.get(id);
    if (!node?.parent) return [];
    return (this.tree.children.get(node.parent) ?? []).filter(
      (p) => p !== id && this.tree.nodes.get(p)?.kind === node.kind && this.figure(p).average !== null,
    );
  }

  metrics(id: string): TTargetPerformance[] {
    const node = this.tree.nodes.get(id);
    const own = this.figure(id);
    const parent = node?.parent ? this.figure(node.parent) : null;
    const peers = this.peers(id).map((p) => this.figure(p));
    return TARGET_METRICS.map((metric) => {
      const { value, from } = effectiveTarget(this.tree, this.targets, id, metric);
      const actual = own[metric];
      const peerValues = peers.map((p) => p[metric]).filter((v): v is number => v !== null);
      const peerMean = peerValues.length ? peerValues.reduce((a, b) => a + b, 0) / peerValues.length : null;
      return {
        metric,
        actual,
        target: value,
        from,
        variance: diff(actual, value),
        state: ragState(actual, value),
        vsParent: parent ? diff(actual, parent[metric]) : null,
        vsPeers: diff(actual, peerMean),
      };
    });
  }

  node(id: string): TNodePerformance | null {
    const node = this.tree.nodes.get(id);
    return node ? { node: nodeRef(node), metrics: this.metrics(id) } : null;
  }

  /** The node a scope of stores stands for: its one store, or the lowest area holding them all. */
  nodeOfStores(storeIds: readonly string[]): string {
    return storeIds.length === 1 ? storeIds[0]! : lowestCommonArea(this.tree, storeIds);
  }
}

/**
 * Per-store figures of a scope's current period from its store rollup rows (every rating, whatever the kind filter),
 * summed per store on the server: a chain's few hundred stores answer one row per store and kind, not one per day.
 */
export async function storeFiguresOf(
  scope: Scope,
  sums: Promise<Row[]> = summedStorePeriods(scope, ['staff', 'experience'], ['current']),
): Promise<Map<string, StoreFigures>> {
  const rows = await sums;
  const out = new Map<string, StoreFigures>(
    scope.stores.map((s) => [s.id, { count: 0, sum: 0, happy: 0, staff: 0, days: s.period.days }]),
  );
  for (const r of rows) {
    const f = out.get(r.store);
    if (!f || r.staff !== null || r.period !== 'current') continue;
    f.count += r.count;
    f.sum += r.scoreSum;
    f.happy += r.d4 + r.d5;
    if (r.metric === 'staff') f.staff += r.count;
  }
  return out;
}

/**
 * Performance over every store the member covers for the scope's period (parents and peers need stores beyond the
 * ones filtered on, never beyond the member's own).
 */
export async function performanceFor(access: Access, scope: Scope, sums?: StoreSums): Promise<Performance> {
  const whole =
    (scope.filter.stores?.length ?? 0) === 0 && (scope.filter.areas?.length ?? 0) === 0 && !scope.staff
      ? scope
      : await loadScope(access, { ...scope.filter, stores: undefined, areas: undefined, staff: undefined });
  const [{ tree, targets }, figures] = await Promise.all([
    loadTargets(access.businessId),
    // the caller's read of the same stores' sums (the area league's), when it covers them all
    storeFiguresOf(whole, whole === scope && sums ? sums.rows : undefined),
  ]);
  return new Performance(tree, indexTargets(targets), figures);
}
