// BSON value classification and numeric helpers shared by comparison, indexing and update code.
import type { Binary, ObjectId, Timestamp } from 'bson';
import { Decimal128, Double, Int32, Long } from 'bson';
import type { Doc } from './errors';

export const bsonTypeOf = (v: unknown): string | undefined =>
  v !== null && typeof v === 'object' ? ((v as { _bsontype?: string })._bsontype ?? undefined) : undefined;

export const isLong = (v: unknown): v is Long => bsonTypeOf(v) === 'Long';
export const isDecimal = (v: unknown): v is Decimal128 => bsonTypeOf(v) === 'Decimal128';
export const isObjectId = (v: unknown): v is ObjectId => bsonTypeOf(v) === 'ObjectId';
export const isBinary = (v: unknown): v is Binary => bsonTypeOf(v) === 'Binary';
export const isTimestamp = (v: unknown): v is Timestamp => bsonTypeOf(v) === 'Timestamp';

/** Plain documents (not arrays, Dates, RegExps or BSON wrapper classes). */
export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

export const isOperatorObject = (v: unknown): v is Doc =>
  isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

export function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return true;
  const t = bsonTypeOf(v);
  return t === 'Long' || t === 'Decimal128' || t === 'Int32' || t === 'Double';
}

/** Lossy for |x| > 2^53 and Decimal128 precision; good enough for ordering across numeric types. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (isLong(v)) return v.toNumber();
  if (isDecimal(v)) return Number.parseFloat(v.toString());
  if (v instanceof Int32 || v instanceof Double) return v.valueOf();
  return Number.NaN;
}

/** Command parameters (limit, batchSize, cursor ids) may arrive as Long because we deserialize with promoteLongs:false. */
export function toInt(v: unknown, fallback = 0): number {
  if (v === undefined || v === null) return fallback;
  const n = toNumber(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/**
 * mongod's numeric promotion: int+int stays int, anything with a long stays long (unless a double is involved),
 * anything with a decimal becomes decimal. JS numbers that are integers are treated as int32/int64-compatible.
 */
export function addNumeric(a: unknown, b: unknown, op: 'add' | 'mul'): unknown {
  if (isDecimal(a) || isDecimal(b)) {
    const r = op === 'add' ? toNumber(a) + toNumber(b) : toNumber(a) * toNumber(b);
    return Decimal128.fromString(String(r));
  }
  const aLong = isLong(a);
  const bLong = isLong(b);
  if (aLong || bLong) {
    const other = aLong ? b : a;
    if (typeof other === 'number' && !Number.isInteger(other)) {
      return op === 'add' ? toNumber(a) + toNumber(b) : toNumber(a) * toNumber(b);
    }
    const la = aLong ? a : Long.fromNumber(toNumber(a));
    const lb = bLong ? b : Long.fromNumber(toNumber(b));
    return op === 'add' ? la.add(lb) : la.multiply(lb);
  }
  return op === 'add' ? toNumber(a) + toNumber(b) : toNumber(a) * toNumber(b);
}

export function zeroLike(v: unknown): unknown {
  if (isLong(v)) return Long.ZERO;
  if (isDecimal(v)) return Decimal128.fromString('0');
  return 0;
}

/**
 * Deep copy that keeps BSON wrappers (ObjectId, Long, Binary…) by reference: they are immutable by convention,
 * and copying plain objects/arrays/Dates is what guarantees stored data never aliases caller data.
 */
export function cloneValue<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x: unknown) => cloneValue(x)) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = cloneValue(v[k]);
    return out as T;
  }
  return v;
}

export function bsonTypeName(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) <= 0x7fffffff ? 'int' : 'double';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  const t = bsonTypeOf(v);
  switch (t) {
    case 'Long':
      return 'long';
    case 'Decimal128':
      return 'decimal';
    case 'ObjectId':
      return 'objectId';
    case 'Binary':
      return 'binData';
    case 'Timestamp':
      return 'timestamp';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'Code':
      return 'javascript';
    case 'BSONSymbol':
      return 'symbol';
    case 'BSONRegExp':
      return 'regex';
    case undefined:
      return 'object';
    default:
      return t.toLowerCase();
  }
}

/** Renders values the way mongod prints them in error messages (`{ email: "a@b.c" }`, `ObjectId('…')`). */
export function formatValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof RegExp) return String(v);
  if (Array.isArray(v)) return `[ ${v.map(formatValue).join(', ')} ]`;
  if (isObjectId(v)) return `ObjectId('${v.toHexString()}')`;
  if (isLong(v)) return v.toString();
  if (isDecimal(v)) return `Decimal128("${v.toString()}")`;
  if (isBinary(v)) return `BinData(${v.sub_type}, ${Buffer.from(v.buffer).toString('hex').toUpperCase()})`;
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) return '{}';
    return `{ ${keys.map((k) => `${k}: ${formatValue(v[k])}`).join(', ')} }`;
  }
  return String(v);
}

/** Calls `fn` for each field condition of a filter that every match must meet: top-level fields and those in `$and`. */
export function forEachAndedField(filter: Doc, fn: (field: string, condition: unknown) => void): void {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) forEachAndedField(sub, fn);
    } else if (!k.startsWith('$')) {
      fn(k, v);
    }
  }
}
