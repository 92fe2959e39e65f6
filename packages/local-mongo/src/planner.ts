// Index bounds from a filter (equality prefix + range on the next field) and the choice of a range or sort walk.
import { forEachAndedField, isOperatorObject, toNumber } from './bson-util';
import { compareValues, typeRank } from './compare';
import type { CollationSpec } from './compare';
import type { Doc } from './errors';
import type { Index } from './indexes';
import type { FieldBounds } from './ordered-index';
import { RankEdge, UNBOUNDED, compareComponent } from './ordered-index';

/** Bound values whose type bracket is contiguous and compared exactly: numbers, strings, ObjectIds, booleans, dates. */
const RANGE_RANKS = new Set([3, 4, 8, 9, 10]);

function boundable(v: unknown): boolean {
  const rank = typeRank(v);
  if (v === undefined || !RANGE_RANKS.has(rank)) return false;
  return rank !== 3 || !Number.isNaN(toNumber(v));
}

/** Index order over strings is binary, so a walk is only exact without a locale collation. */
export function simpleCollation(collation: CollationSpec | undefined): boolean {
  return !collation || !collation.locale || collation.locale === 'simple';
}

function tighter(a: FieldBounds, b: FieldBounds): FieldBounds {
  const lo = compareComponent(a.lo, b.lo);
  const hi = compareComponent(a.hi, b.hi);
  return {
    lo: lo >= 0 ? a.lo : b.lo,
    loInclusive: lo > 0 ? a.loInclusive : lo < 0 ? b.loInclusive : a.loInclusive && b.loInclusive,
    hi: hi <= 0 ? a.hi : b.hi,
    hiInclusive: hi < 0 ? a.hiInclusive : hi > 0 ? b.hiInclusive : a.hiInclusive && b.hiInclusive,
  };
}

/** Bounds of one operator object ($gt/$gte/$lt/$lte/$eq), within the bound's type bracket as mongod compares. */
function boundsOf(ops: Doc): FieldBounds | undefined {
  let out: FieldBounds | undefined;
  for (const [op, v] of Object.entries(ops)) {
    if (!['$gt', '$gte', '$lt', '$lte', '$eq'].includes(op) || !boundable(v)) continue;
    const rank = typeRank(v);
    const lower = op !== '$lt' && op !== '$lte';
    const upper = op !== '$gt' && op !== '$gte';
    const b: FieldBounds = {
      lo: lower ? v : new RankEdge(rank, false),
      loInclusive: op !== '$gt',
      hi: upper ? v : new RankEdge(rank, true),
      hiInclusive: op !== '$lt',
    };
    // bounds of different type brackets cannot both hold on a single value: keep the first (a superset)
    if (!out) out = b;
    else if (bracketOf(out) === rank) out = tighter(out, b);
  }
  return out;
}

/**
 * Per-field range bounds a filter implies (top level and inside `$and`). Every matching document's value lies
 * within them when the field holds a single value, so a walk of the bounds yields a superset of the matches.
 */
export function extractBounds(filter: Doc): Map<string, FieldBounds> {
  const out = new Map<string, FieldBounds>();
  forEachAndedField(filter, (k, v) => {
    const b = isOperatorObject(v) ? boundsOf(v) : boundable(v) ? boundsOf({ $eq: v }) : undefined;
    if (!b) return;
    const had = out.get(k);
    out.set(k, had ? (sameBracket(had, b) ? tighter(had, b) : had) : b);
  });
  return out;
}

const bracketOf = (b: FieldBounds): number => (b.lo instanceof RankEdge ? b.lo.rank : typeRank(b.lo));
const sameBracket = (a: FieldBounds, b: FieldBounds): boolean => bracketOf(a) === bracketOf(b);

/** A walk over one index: fixed values for the leading fields, bounds on the next one, and a direction. */
export interface WalkPlan {
  index: Index;
  /** Each element is one combination of equality values for fields [0, k). */
  prefixes: unknown[][];
  bounds: FieldBounds;
  reverse: boolean;
  /** For sort walks: how many sort fields, from the first, the index order provides. */
  provided: number;
}

/**
 * How many equality combinations a walk may seek (mongod turns $in × $in × range into that many index intervals with
 * no small limit: a dashboard's 300 stores × 2 metrics × a day range is 600 seeks, not a scan of the business).
 */
const MAX_PREFIXES = 10_000;

function equalityPrefixes(index: Index, eq: Map<string, unknown[]>, stopAt?: string): unknown[][] {
  let prefixes: unknown[][] = [[]];
  for (const f of index.fields) {
    const values = eq.get(f);
    // An empty $in matches nothing: it binds no prefix, and the filter (checked on every walked document) decides.
    if (!values?.length || f === stopAt || prefixes.length * values.length > MAX_PREFIXES) break;
    prefixes = prefixes.flatMap((p) => values.map((v) => [...p, v]));
  }
  return prefixes;
}

/** The range walk binding the most fields (equality prefix plus a range on the next field), if any index has one. */
export function rangePlan(
  indexes: Index[],
  eq: Map<string, unknown[]>,
  bounds: Map<string, FieldBounds>,
): WalkPlan | undefined {
  let best: WalkPlan | undefined;
  for (const index of indexes) {
    if (!index.walkable) continue;
    const prefixes = equalityPrefixes(index, eq);
    const k = prefixes[0]!.length;
    const b = k < index.fields.length ? bounds.get(index.fields[k]!) : undefined;
    if (!b || eq.has(index.fields[k]!)) continue;
    if (!best || k > best.prefixes[0]!.length)
      best = { index, prefixes, bounds: b, reverse: false, provided: 0 };
  }
  return best;
}

/**
 * A walk whose index order gives the sort's leading field(s): single equality values on the fields before it,
 * the filter's bounds on it, walked forward or backward so the directions agree.
 */
export function sortPlan(
  indexes: Index[],
  eq: Map<string, unknown[]>,
  bounds: Map<string, FieldBounds>,
  sort: Array<{ path: string; dir: 1 | -1 }>,
): WalkPlan | undefined {
  const first = sort[0];
  if (!first) return undefined;
  let best: WalkPlan | undefined;
  for (const index of indexes) {
    if (!index.walkable) continue;
    const single = new Map([...eq].filter(([, vs]) => vs.length === 1));
    const prefixes = equalityPrefixes(index, single, first.path);
    const k = prefixes[0]!.length;
    if (index.fields[k] !== first.path) continue;
    const dirs = index.dirs;
    const reverse = first.dir !== dirs[k];
    let provided = 1;
    while (
      k + provided < dirs.length &&
      provided < sort.length &&
      index.fields[k + provided] === sort[provided]!.path &&
      (sort[provided]!.dir !== dirs[k + provided]) === reverse
    )
      provided++;
    const plan = { index, prefixes, bounds: bounds.get(first.path) ?? UNBOUNDED, reverse, provided };
    const score = (p: WalkPlan) => p.prefixes[0]!.length * 100 + p.provided;
    if (!best || score(plan) > score(best)) best = plan;
  }
  return best;
}

/** Two keys agree on the sort fields an index walk provides (positions [k, k+provided)). */
export function sameSortGroup(a: unknown[], b: unknown[], k: number, provided: number): boolean {
  for (let i = k; i < k + provided; i++) if (compareValues(a[i], b[i]) !== 0) return false;
  return true;
}
