// B+ tree view of a secondary index (sorted-btree): index-order walks for range bounds and sort-with-limit, as mongod's B-tree.
import BTree from 'sorted-btree';
import { compareValues, typeRank } from './compare';

/** One index entry: the indexed values in key-pattern order, then the document's insertion sequence (tie-breaker). */
export type TupleKey = unknown[];

/** Stands in for "every value below/above a BSON type bracket" so a walk can start at the edge of a bracket. */
export class RankEdge {
  constructor(
    readonly rank: number,
    readonly high: boolean,
  ) {}
}

export const LOWEST = new RankEdge(0, false);
export const HIGHEST = new RankEdge(99, true);

export function compareComponent(a: unknown, b: unknown): number {
  const ea = a instanceof RankEdge;
  const eb = b instanceof RankEdge;
  if (!ea && !eb) return compareValues(a, b);
  const ra = ea ? a.rank : typeRank(a);
  const rb = eb ? b.rank : typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  const sa = ea ? (a.high ? 1 : -1) : 0;
  const sb = eb ? (b.high ? 1 : -1) : 0;
  return sa === sb ? 0 : sa < sb ? -1 : 1;
}

/** Bounds on one field in value order (not index order); inclusive flags only matter for real values. */
export interface FieldBounds {
  lo: unknown;
  loInclusive: boolean;
  hi: unknown;
  hiInclusive: boolean;
}

export const UNBOUNDED: FieldBounds = { lo: LOWEST, loInclusive: true, hi: HIGHEST, hiInclusive: true };

export function inBounds(v: unknown, b: FieldBounds): boolean {
  const lo = compareComponent(v, b.lo);
  if (lo < 0 || (lo === 0 && !b.loInclusive)) return false;
  const hi = compareComponent(v, b.hi);
  return hi < 0 || (hi === 0 && b.hiInclusive);
}

/** Sorted keys of one index: `[...values, seq] → id`, ordered by the key pattern's directions then seq. */
export class OrderedKeys {
  readonly dirs: Array<1 | -1>;
  private readonly tree: BTree<TupleKey, string>;

  constructor(dirs: Array<1 | -1>) {
    this.dirs = dirs;
    const n = dirs.length;
    this.tree = new BTree<TupleKey, string>(undefined, (a, b) => {
      for (let i = 0; i < n; i++) {
        const c = compareComponent(a[i], b[i]);
        if (c !== 0) return c * (dirs[i] as number);
      }
      const sa = a[n] as number;
      const sb = b[n] as number;
      return sa < sb ? -1 : sa > sb ? 1 : 0;
    });
  }

  get size(): number {
    return this.tree.size;
  }

  add(tuples: unknown[][], seq: number, id: string): void {
    for (const t of tuples) this.tree.set([...t, seq], id);
  }

  remove(tuples: unknown[][], seq: number): void {
    for (const t of tuples) this.tree.delete([...t, seq]);
  }

  clear(): void {
    this.tree.clear();
  }

  /**
   * Entries with `prefix` on the leading fields and the next field within `bounds`, in index order (or reversed),
   * each handed to `visit` until it answers false. Entries inside the bounds are contiguous in the tree, so the walk
   * stops at the first one outside them. Visiting (rather than yielding pairs) allocates nothing per entry.
   */
  walk(
    prefix: unknown[],
    bounds: FieldBounds,
    reverse: boolean,
    visit: (key: TupleKey, id: string) => boolean,
  ): void {
    const k = prefix.length;
    const n = this.dirs.length;
    const start: TupleKey = [...prefix];
    if (k < n) {
      // the first entry in walking order sits at the low value end when the field ascends and we walk forward
      const fromLow = (this.dirs[k] === 1) !== reverse;
      const edge = fromLow ? bounds.lo : bounds.hi;
      const inclusive = fromLow ? bounds.loInclusive : bounds.hiInclusive;
      start.push(edge);
      // an inclusive start must precede every entry holding that value; an exclusive one must follow them all
      const before = inclusive !== reverse;
      for (let i = k + 1; i < n; i++) start.push((this.dirs[i] === 1) === before ? LOWEST : HIGHEST);
      start.push(before ? -Infinity : Infinity);
    } else {
      start.push(reverse ? Infinity : -Infinity);
    }
    const pair: Array<TupleKey | string> = [];
    const it = reverse ? this.tree.entriesReversed(start, pair) : this.tree.entries(start, pair);
    for (const [key, id] of it) {
      for (let i = 0; i < k; i++) if (compareValues(key[i], prefix[i]) !== 0) return;
      if (k < n && !inBounds(key[k], bounds)) return;
      if (!visit(key, id)) return;
    }
  }
}
