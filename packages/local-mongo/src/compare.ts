// BSON total ordering (mongod's cross-type sort order), equality, byte-identity and canonical index keys.
import type { ObjectId } from 'bson';
import { serialize } from 'bson';
import {
  bsonTypeOf,
  isBinary,
  isDecimal,
  isLong,
  isNumeric,
  isObjectId,
  isPlainObject,
  isTimestamp,
  toNumber,
} from './bson-util';
import type { Doc } from './errors';

/** A string comparator derived from a collation; undefined means binary comparison. */
export type StringCompare = (a: string, b: string) => number;

export interface CollationSpec {
  locale?: string;
  strength?: number;
  caseLevel?: boolean;
  numericOrdering?: boolean;
}

/** strength 1 ignores case+accents, 2 ignores case, 3 (default) is exact — mirrors ICU as used by mongod. */
export function collatorFor(collation: CollationSpec | undefined): StringCompare | undefined {
  if (!collation || !collation.locale || collation.locale === 'simple') return undefined;
  const strength = collation.strength ?? 3;
  const sensitivity = strength <= 1 ? 'base' : strength === 2 ? 'accent' : 'variant';
  const c = new Intl.Collator(collation.locale, { sensitivity, numeric: collation.numericOrdering === true });
  return (a, b) => c.compare(a, b);
}

// mongod: MinKey < null < numbers < string < object < array < binData < ObjectId < bool < Date < timestamp < regex < MaxKey
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 2;
  if (typeof v === 'number') return 3;
  if (typeof v === 'string') return 4;
  if (typeof v === 'boolean') return 9;
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  switch (bsonTypeOf(v)) {
    case 'MinKey':
      return 1;
    case 'Long':
    case 'Decimal128':
    case 'Int32':
    case 'Double':
      return 3;
    case 'BSONSymbol':
      return 4;
    case 'Binary':
      return 7;
    case 'ObjectId':
      return 8;
    case 'Timestamp':
      return 11;
    case 'BSONRegExp':
      return 12;
    case 'MaxKey':
      return 14;
    case 'Code':
      return 13;
    default:
      return 5;
  }
}

const cmp = (a: number | string | bigint, b: number | string | bigint): number =>
  a < b ? -1 : a > b ? 1 : 0;

function compareNumbers(a: unknown, b: unknown): number {
  if (isLong(a) && isLong(b)) return a.compare(b);
  const x = toNumber(a);
  const y = toNumber(b);
  // mongod sorts NaN below every other number
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  if (x === y && (isLong(a) || isLong(b))) {
    // doubles lose precision beyond 2^53; fall back to exact BigInt comparison when both are integral
    const bx = isLong(a) ? a.toBigInt() : Number.isInteger(x) ? BigInt(x) : undefined;
    const by = isLong(b) ? b.toBigInt() : Number.isInteger(y) ? BigInt(y) : undefined;
    if (bx !== undefined && by !== undefined) return cmp(bx, by);
  }
  return cmp(x, y);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return cmp(a.length, b.length);
}

/** bson 7 keeps an ObjectId as four 24-bit big-endian words: comparing them is comparing the bytes, without the
 * 12-byte buffer its `id` getter allocates on every read. */
interface OidWords {
  i0?: unknown;
  i1: number;
  i2: number;
  i3: number;
}

function compareObjectIds(a: ObjectId, b: ObjectId): number {
  const x = a as unknown as OidWords;
  const y = b as unknown as OidWords;
  if (typeof x.i0 !== 'number' || typeof y.i0 !== 'number') return compareBytes(a.id, b.id);
  if (x.i0 !== y.i0) return x.i0 < y.i0 ? -1 : 1;
  if (x.i1 !== y.i1) return x.i1 < y.i1 ? -1 : 1;
  if (x.i2 !== y.i2) return x.i2 < y.i2 ? -1 : 1;
  return x.i3 === y.i3 ? 0 : x.i3 < y.i3 ? -1 : 1;
}

export function compareValues(a: unknown, b: unknown, strCmp?: StringCompare): number {
  // the common same-type cases first, without ranking both values
  const ta = typeof a;
  if (ta === typeof b) {
    if (ta === 'number' && a === a && b === b) return cmp(a as number, b as number);
    if (ta === 'string' && !strCmp) return cmp(a as string, b as string);
    if (a instanceof Date && b instanceof Date) return cmp(a.getTime(), b.getTime());
  }
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return cmp(ra, rb);
  switch (ra) {
    case 1:
    case 2:
    case 14:
      return 0;
    case 3:
      return compareNumbers(a, b);
    case 4: {
      const sa = String(a);
      const sb = String(b);
      return strCmp ? Math.sign(strCmp(sa, sb)) : cmp(sa, sb);
    }
    case 5: {
      const ka = Object.keys(a as Doc);
      const kb = Object.keys(b as Doc);
      for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
        const fa = ka[i] as string;
        const fb = kb[i] as string;
        const va = (a as Doc)[fa];
        const vb = (b as Doc)[fb];
        const byType = cmp(typeRank(va), typeRank(vb));
        if (byType !== 0) return byType;
        const byName = cmp(fa, fb);
        if (byName !== 0) return byName;
        const byValue = compareValues(va, vb, strCmp);
        if (byValue !== 0) return byValue;
      }
      return cmp(ka.length, kb.length);
    }
    case 6: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
        const c = compareValues(xa[i], xb[i], strCmp);
        if (c !== 0) return c;
      }
      return cmp(xa.length, xb.length);
    }
    case 7: {
      if (!isBinary(a) || !isBinary(b)) return 0;
      const byLen = cmp(a.length(), b.length());
      if (byLen !== 0) return byLen;
      const bySub = cmp(a.sub_type, b.sub_type);
      return bySub !== 0 ? bySub : compareBytes(a.buffer, b.buffer);
    }
    case 8:
      return isObjectId(a) && isObjectId(b) ? compareObjectIds(a, b) : 0;
    case 9:
      return cmp(Number(a), Number(b));
    case 10:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case 11:
      return isTimestamp(a) && isTimestamp(b) ? a.compare(b) : 0;
    case 12: {
      const pa = a as { source: string; flags?: string; pattern?: string; options?: string };
      const pb = b as { source: string; flags?: string; pattern?: string; options?: string };
      const c = cmp(pa.source ?? pa.pattern ?? '', pb.source ?? pb.pattern ?? '');
      return c !== 0 ? c : cmp(pa.flags ?? pa.options ?? '', pb.flags ?? pb.options ?? '');
    }
    default:
      return cmp(String(a), String(b));
  }
}

export const bsonEquals = (a: unknown, b: unknown, strCmp?: StringCompare): boolean =>
  typeRank(a) === typeRank(b) && compareValues(a, b, strCmp) === 0;

function numericKey(v: unknown): string {
  if (isLong(v)) {
    const n = v.toNumber();
    return Number.isSafeInteger(n) ? String(n) : v.toString();
  }
  if (isDecimal(v)) {
    const n = Number.parseFloat(v.toString());
    return Number.isNaN(n) ? 'NaN' : String(n);
  }
  const n = toNumber(v);
  return Object.is(n, -0) ? '0' : String(n);
}

/**
 * A string that is equal for two values exactly when mongod's equality says so (1 == 1.0 == NumberLong(1)).
 * Index maps are keyed by this, so lookups never need to scan.
 */
/** ObjectIds' keys, kept per value object (ids are never changed in place): a stored id is keyed once, not per read. */
const objectIdKeys = new WeakMap<object, string>();

export function canonicalKey(v: unknown): string {
  if (v === undefined || v === null) return 'N';
  if (typeof v === 'string') return `s${v}`;
  if (typeof v === 'boolean') return v ? 'b1' : 'b0';
  if (isNumeric(v)) return `n${numericKey(v)}`;
  if (v instanceof Date) return `d${v.getTime()}`;
  if (isObjectId(v)) {
    let k = objectIdKeys.get(v);
    if (k === undefined) objectIdKeys.set(v, (k = `o${v.toHexString()}`));
    return k;
  }
  if (Array.isArray(v)) return `[${v.map(canonicalKey).join(',')}]`;
  if (isPlainObject(v))
    return `{${Object.keys(v)
      .map((k) => `${JSON.stringify(k)}:${canonicalKey(v[k])}`)
      .join(',')}}`;
  if (v instanceof RegExp) return `r/${v.source}/${v.flags}`;
  if (isBinary(v)) return `x${v.sub_type}:${Buffer.from(v.buffer).toString('base64')}`;
  if (isTimestamp(v)) return `t${v.toString()}`;
  const t = bsonTypeOf(v);
  if (t === 'MinKey') return 'm';
  if (t === 'MaxKey') return 'M';
  return `?${t ?? typeof v}:${String(v)}`;
}

/**
 * Sort key for one document field: arrays sort by their smallest element ascending / largest descending,
 * an empty array sorts before null as in mongod.
 */
export function sortKeyOf(values: unknown[], direction: 1 | -1, strCmp?: StringCompare): unknown {
  if (values.length === 0) return undefined;
  let best: unknown = values[0];
  for (let i = 1; i < values.length; i++) {
    const c = compareValues(values[i], best, strCmp);
    if (direction === 1 ? c < 0 : c > 0) best = values[i];
  }
  return best;
}

const sameBytes = (a: unknown, b: unknown): boolean =>
  Buffer.compare(serialize({ v: a }), serialize({ v: b })) === 0;

/**
 * Whether two values serialise to the same BSON bytes (field order and types included; an undefined field is left
 * out, an undefined array element is null; -0 is a double), as update's "modified" check needs — without
 * serialising: subtrees an update left alone are the same objects, so they compare by reference, and only what
 * changed is walked.
 */
export function sameBson(a: unknown, b: unknown): boolean {
  const ta = typeof a;
  if (ta === 'number') return typeof b === 'number' && Object.is(a, b);
  if (a === b) return true;
  if (a === undefined || a === null || b === undefined || b === null)
    return (a === undefined || a === null) && (b === undefined || b === null);
  if (ta !== typeof b || ta !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameBson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    if (ka.length !== kb.length) return false;
    for (let i = 0; i < ka.length; i++) {
      const k = ka[i] as string;
      if (k !== kb[i] || !sameBson(a[k], b[k])) return false;
    }
    return true;
  }
  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (isObjectId(a) && isObjectId(b)) return compareObjectIds(a, b) === 0;
  return sameBytes(a, b);
}
