// Compiled filters for the common shape (fields compared with scalars): no mingo per document unless a path holds arrays.
import { bsonTypeOf, isOperatorObject, isPlainObject } from './bson-util';
import type { Doc } from './errors';
import { eqTest, inTest, rangeTest } from './predicates';

/** A document the fast path cannot judge exactly (an array or a non-document on the way down a path). */
export const UNSURE = Symbol('unsure');

type Check = (value: unknown) => boolean;

interface Clause {
  parts: string[];
  depth: number;
  checks: Check[];
}

const gt = rangeTest((c) => c > 0);
const gte = rangeTest((c) => c >= 0);
const lt = rangeTest((c) => c < 0);
const lte = rangeTest((c) => c <= 0);

/** Operands compared exactly by the BSON-aware predicates without any per-document interpretation. */
function scalar(v: unknown): boolean {
  if (v === null) return true;
  const t = typeof v;
  if (t === 'string' || t === 'number' || t === 'boolean') return true;
  if (v instanceof Date) return true;
  const bson = bsonTypeOf(v);
  return bson === 'ObjectId' || bson === 'Long' || bson === 'Decimal128';
}

// keys mingo resolves through the prototype chain or refuses: the general path decides for them
const RISKY_PARTS = new Set(['__proto__', 'constructor', 'prototype']);

function checksFor(condition: unknown, depth: number, nested: boolean): Check[] | undefined {
  if (!isOperatorObject(condition)) {
    return scalar(condition) ? [(v) => eqTest(v, condition, depth)] : undefined;
  }
  const checks: Check[] = [];
  for (const [op, arg] of Object.entries(condition)) {
    if (op === '$in' || op === '$nin') {
      if (!Array.isArray(arg) || !arg.every(scalar)) return undefined;
      checks.push(op === '$in' ? (v) => inTest(v, arg, depth) : (v) => !inTest(v, arg, depth));
      continue;
    }
    if (op === '$exists') {
      if (typeof arg !== 'boolean' || nested) return undefined;
      checks.push((v) => (v !== undefined) === arg);
      continue;
    }
    if (!scalar(arg)) return undefined;
    if (op === '$eq') checks.push((v) => eqTest(v, arg, depth));
    else if (op === '$ne') checks.push((v) => !eqTest(v, arg, depth));
    else if (op === '$gt') checks.push((v) => gt(v, arg, depth));
    else if (op === '$gte') checks.push((v) => gte(v, arg, depth));
    else if (op === '$lt') checks.push((v) => lt(v, arg, depth));
    else if (op === '$lte') checks.push((v) => lte(v, arg, depth));
    else return undefined;
  }
  return checks;
}

function collect(filter: Doc, out: Clause[]): boolean {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and') {
      if (!Array.isArray(condition) || condition.length === 0) return false;
      for (const sub of condition) if (!isPlainObject(sub) || !collect(sub, out)) return false;
      continue;
    }
    if (field.startsWith('$') || field === '') return false;
    const parts = field.split('.');
    if (parts.some((p) => p === '' || RISKY_PARTS.has(p))) return false;
    const checks = checksFor(condition, parts.length - 1, parts.length > 1);
    if (!checks) return false;
    out.push({ parts, depth: parts.length - 1, checks });
  }
  return true;
}

/**
 * The value mingo's resolve() gives for a path that crosses only documents (a trailing array is returned whole);
 * UNSURE when an array or another non-document value sits before the last segment.
 */
export function resolvePlain(doc: Doc, parts: string[]): unknown {
  let cur: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    if (!isPlainObject(cur)) {
      // a missing or primitive parent holds nothing below it; arrays and BSON values need mingo's rules
      if (cur === undefined || cur === null || typeof cur !== 'object') return undefined;
      return UNSURE;
    }
    const key = parts[i] as string;
    cur = Object.prototype.hasOwnProperty.call(cur, key) ? cur[key] : undefined;
  }
  return cur;
}

/**
 * A predicate equal to mingo's (with the engine's BSON-aware operators) for filters of fields compared with scalars
 * ($eq/$ne/$gt/$gte/$lt/$lte/$in/$nin, top-level $exists, $and): true/false, or UNSURE for a document whose paths
 * cross arrays, which the caller hands to mingo. Undefined for any other filter shape.
 */
export function compileFastFilter(filter: Doc): ((doc: Doc) => boolean | typeof UNSURE) | undefined {
  const clauses: Clause[] = [];
  if (!collect(filter, clauses)) return undefined;
  return (doc) => {
    let unsure = false;
    for (const clause of clauses) {
      const value = resolvePlain(doc, clause.parts);
      if (value === UNSURE) {
        unsure = true;
        continue;
      }
      for (const check of clause.checks) if (!check(value)) return false;
    }
    return unsure ? UNSURE : true;
  };
}
