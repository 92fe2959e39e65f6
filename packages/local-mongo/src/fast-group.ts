// A compiled $group for the counting shape dashboards and alert rules use: one constant group, $sum of constants,
// fields and numeric $cond tests. Equal to mingo's $group on documents it judges; anything else is left to mingo.
import { isPlainObject } from './bson-util';
import type { Doc } from './errors';
import { UNSURE, resolvePlain } from './fast-filter';

type Eval = (doc: Doc) => number | typeof UNSURE;

const CMP: Record<string, (a: number, b: number) => boolean> = {
  $eq: (a, b) => a === b,
  $ne: (a, b) => a !== b,
  $gt: (a, b) => a > b,
  $gte: (a, b) => a >= b,
  $lt: (a, b) => a < b,
  $lte: (a, b) => a <= b,
};

const finite = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);

/** `'$a.b'` as path parts (not variables like `$$ROOT`), else undefined. */
function fieldPath(expr: unknown): string[] | undefined {
  if (typeof expr !== 'string' || !expr.startsWith('$') || expr.startsWith('$$') || expr.length < 2)
    return undefined;
  const parts = expr.slice(1).split('.');
  return parts.every((p) => p !== '' && p !== '__proto__' && p !== 'constructor' && p !== 'prototype')
    ? parts
    : undefined;
}

/** `{$lte: ['$score', 2]}`: true/false, UNSURE for a value mingo compares by other rules (arrays, other types). */
function compileTest(expr: unknown): ((doc: Doc) => boolean | typeof UNSURE) | undefined {
  if (!isPlainObject(expr)) return undefined;
  const keys = Object.keys(expr);
  const op = keys[0] as string;
  const cmp = CMP[op];
  const args = expr[op];
  if (keys.length !== 1 || !cmp || !Array.isArray(args) || args.length !== 2) return undefined;
  const parts = fieldPath(args[0]);
  const rhs = args[1];
  if (!parts || !finite(rhs)) return undefined;
  return (doc) => {
    const v = resolvePlain(doc, parts);
    if (finite(v)) return cmp(v, rhs);
    // missing, null, strings and booleans are of another type than the number: only $ne holds for them
    if (v === undefined || v === null || typeof v === 'string' || typeof v === 'boolean') return op === '$ne';
    return UNSURE;
  };
}

/** The number a `$sum` adds for one document: a constant, a field (non-numbers add 0), or a `$cond` of constants. */
function compileAddend(expr: unknown): Eval | undefined {
  const parts = fieldPath(expr);
  if (parts) {
    return (doc) => {
      const v = resolvePlain(doc, parts);
      if (finite(v)) return v;
      return v === undefined || v === null || typeof v === 'string' || typeof v === 'boolean' ? 0 : UNSURE;
    };
  }
  if (!isPlainObject(expr) || Object.keys(expr).length !== 1 || !('$cond' in expr)) return undefined;
  const c = expr.$cond;
  const [ifExpr, thenExpr, elseExpr] = Array.isArray(c)
    ? c.length === 3
      ? c
      : []
    : isPlainObject(c) && Object.keys(c).length === 3
      ? [c.if, c.then, c.else]
      : [];
  const test = compileTest(ifExpr);
  if (!test || !finite(thenExpr) || !finite(elseExpr)) return undefined;
  return (doc) => {
    const t = test(doc);
    return t === UNSURE ? UNSURE : t ? thenExpr : elseExpr;
  };
}

/**
 * `$group` over `docs` when its spec is `{_id: <constant>, <name>: {$sum: …}, …}`; undefined when the spec has
 * another shape or a document holds a value the compiled form does not judge (mingo then runs the stage).
 */
export function fastGroup(docs: Doc[], spec: unknown): Doc[] | undefined {
  if (!isPlainObject(spec) || !('_id' in spec)) return undefined;
  const id = spec._id;
  const constantId =
    id === null || finite(id) || typeof id === 'boolean' || (typeof id === 'string' && !id.startsWith('$'));
  if (!constantId) return keyedGroup(docs, spec);
  const fields = compileSums(spec);
  if (!fields) return undefined;
  if (docs.length === 0) return [];
  const out: Doc = { _id: id };
  for (const [name, addend] of fields) {
    if (typeof addend === 'number') {
      out[name] = docs.length * addend;
      continue;
    }
    let sum = 0;
    for (const doc of docs) {
      const v = addend(doc);
      if (v === UNSURE) return undefined;
      sum += v;
    }
    out[name] = sum;
  }
  return [out];
}

/** The `$sum` accumulators of a spec, compiled; undefined when any is of another shape. */
function compileSums(spec: Doc): Array<[string, number | Eval]> | undefined {
  const fields: Array<[string, number | Eval]> = [];
  for (const [name, acc] of Object.entries(spec)) {
    if (name === '_id') continue;
    if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || !('$sum' in acc)) return undefined;
    const arg = acc.$sum;
    const addend = finite(arg) ? arg : compileAddend(arg);
    if (addend === undefined) return undefined;
    fields.push([name, addend]);
  }
  return fields;
}

/** A grouping value keyed exactly (strings by value, ObjectIds by hex); undefined for any other kind. */
function groupKey(v: unknown): string | undefined {
  if (typeof v === 'string') return `s${v}`;
  const bson = v as { _bsontype?: string; toHexString?: () => string } | null;
  if (bson && typeof bson === 'object' && bson._bsontype === 'ObjectId') return `o${bson.toHexString!()}`;
  return undefined;
}

/**
 * `{_id: {<name>: '$<field>', …}, <name>: {$sum: …}}` (a dashboard's per store / metric / day sums) when every grouped
 * value is a string or an ObjectId: groups in first-seen order, as mingo gives them; undefined otherwise.
 */
function keyedGroup(docs: Doc[], spec: Doc): Doc[] | undefined {
  const id = spec._id;
  if (!isPlainObject(id) || Object.keys(id).length === 0) return undefined;
  const keys: Array<[string, string[]]> = [];
  for (const [name, expr] of Object.entries(id)) {
    const parts = fieldPath(expr);
    if (!parts || name.startsWith('$') || name.includes('.')) return undefined;
    keys.push([name, parts]);
  }
  const fields = compileSums(spec);
  if (!fields) return undefined;
  const groups = new Map<string, Doc>();
  for (const doc of docs) {
    let key = '';
    const values: unknown[] = [];
    for (const [, parts] of keys) {
      const v = resolvePlain(doc, parts);
      const k = groupKey(v);
      if (k === undefined) return undefined;
      key += `${k.length}:${k}`;
      values.push(v);
    }
    let out = groups.get(key);
    if (!out) {
      out = { _id: Object.fromEntries(keys.map(([name], i) => [name, values[i]])) };
      for (const [name] of fields) out[name] = 0;
      groups.set(key, out);
    }
    for (const [name, addend] of fields) {
      const v = typeof addend === 'number' ? addend : addend(doc);
      if (v === UNSURE) return undefined;
      out[name] = (out[name] as number) + v;
    }
  }
  return [...groups.values()];
}
