// BSON-aware query predicates ($eq/$ne, ranges, $in/$nin, $type) shared by the mingo operator overrides and the fast filter.
import { bsonTypeName, bsonTypeOf, isNumeric, isObjectId, toNumber } from './bson-util';
import type { StringCompare } from './compare';
import { bsonEquals, canonicalKey, compareValues, typeRank } from './compare';
import { ErrorCodes, fail } from './errors';

export type Test = (lhs: unknown, rhs: unknown, depth: number, strCmp?: StringCompare) => boolean;

/**
 * Whether `fn` holds for one of the values a query compares with `lhs`: the value itself, and for an array its
 * elements flattened `max(depth, 1)` levels deep. Visited in place: no candidate list is built per document.
 */
function someCandidate(lhs: unknown, depth: number, fn: (v: unknown) => boolean): boolean {
  if (fn(lhs)) return true;
  if (!Array.isArray(lhs)) return false;
  const walk = (ys: unknown[], d: number): boolean => {
    for (const y of ys) {
      if (Array.isArray(y) && d > 0) {
        if (walk(y, d - 1)) return true;
      } else if (fn(y)) return true;
    }
    return false;
  };
  return walk(lhs, Math.max(depth, 1));
}

export const eqTest: Test = (lhs, rhs, depth, sc) => someCandidate(lhs, depth, (v) => bsonEquals(v, rhs, sc));

export const rangeTest =
  (accept: (c: number) => boolean): Test =>
  (lhs, rhs, depth, sc) => {
    const t = bsonTypeOf(rhs);
    if (t === 'MinKey' || t === 'MaxKey') return accept(t === 'MinKey' ? 1 : -1);
    // mongod only compares within one canonical type bracket: {$gt: 5} never matches a string
    const rank = typeRank(rhs);
    return someCandidate(lhs, depth, (v) => typeRank(v) === rank && accept(compareValues(v, rhs, sc)));
  };

/** Scalars whose canonicalKey equality is exactly mongod's equality (strings only without a collation). */
const hashable = (v: unknown, sc: StringCompare | undefined): boolean =>
  (typeof v === 'string' && !sc) ||
  typeof v === 'boolean' ||
  v instanceof Date ||
  isObjectId(v) ||
  (isNumeric(v) && !Number.isNaN(toNumber(v)));

/** The canonical keys of a hashable $in list, built once per query (the list object is the same for every document). */
const inSets = new WeakMap<unknown[], Set<string> | null>();

function inSetOf(rhs: unknown[], sc: StringCompare | undefined): Set<string> | null {
  if (sc) return null;
  let set = inSets.get(rhs);
  if (set === undefined) {
    set = rhs.every((r) => hashable(r, sc)) ? new Set(rhs.map(canonicalKey)) : null;
    inSets.set(rhs, set);
  }
  return set;
}

export const inTest: Test = (lhs, rhs, depth, sc) => {
  if (!Array.isArray(rhs)) fail(ErrorCodes.BadValue, '$in needs an array');
  // As mongod does, a long list of ids is a hash lookup per value rather than a comparison with every element.
  const set = inSetOf(rhs, sc);
  if (set) return someCandidate(lhs, depth, (v) => hashable(v, sc) && set.has(canonicalKey(v)));
  return rhs.some((r) => {
    if (r instanceof RegExp) return someCandidate(lhs, depth, (v) => typeof v === 'string' && r.test(v));
    return eqTest(lhs, r, depth, sc);
  });
};

const TYPE_ALIASES: Record<string, string> = {
  '1': 'double',
  '2': 'string',
  '3': 'object',
  '4': 'array',
  '5': 'binData',
  '6': 'undefined',
  '7': 'objectId',
  '8': 'bool',
  '9': 'date',
  '10': 'null',
  '11': 'regex',
  '13': 'javascript',
  '16': 'int',
  '17': 'timestamp',
  '18': 'long',
  '19': 'decimal',
  '-1': 'minKey',
  '127': 'maxKey',
};

// JS numbers lose the int32/double distinction on the wire, so integral numbers satisfy both 'int' and 'double'.
function typeMatches(v: unknown, alias: string): boolean {
  const name = bsonTypeName(v);
  if (alias === 'number') return ['int', 'double', 'long', 'decimal'].includes(name);
  if (alias === 'double' && typeof v === 'number') return true;
  return name === alias;
}

export const typeTest: Test = (lhs, rhs) => {
  if (lhs === undefined) return false;
  const wanted = (Array.isArray(rhs) ? rhs : [rhs]).map((t) => TYPE_ALIASES[String(t)] ?? String(t));
  const vals = Array.isArray(lhs) ? [lhs, ...lhs] : [lhs];
  return vals.some((v) => wanted.some((w) => typeMatches(v, w)));
};
