// A compiled $group for the counting shape dashboards and alert rules use: constant or field-keyed groups, $sum of
// constants, fields and numeric $cond tests. Equal to mingo's $group on documents it judges; anything else is left to mingo.
import { isPlainObject } from './bson-util';
import { canonicalKey } from './compare';
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

/** The number a `$sum` of a `$cond` of constants adds for one document (field paths are summed by `addPath`). */
function compileCond(expr: unknown): Eval | undefined {
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
 * The `$sum` accumulators of a spec compiled into output slots: constants, `$cond` tests, and every field path in one
 * tree walked once per document. A dashboard's 384 hour-cell sums (`$h.<cell>.n`) then cost what the document holds
 * (a day row's few cells), not one path lookup per accumulator.
 */
interface SumPlan {
  names: string[];
  constants: Array<[number, number]>;
  conds: Array<[number, Eval]>;
  paths: PathNode;
}

/** A field path segment: the slots summing the value at this path, and the segments below it. */
interface PathNode {
  slots: number[];
  children: Map<string, PathNode>;
}

/** Above this many segments below a node, a document's own keys are walked instead of the spec's. */
const WALK_OWN_KEYS = 8;

const zeroing = (v: unknown) =>
  v === undefined || v === null || typeof v === 'string' || typeof v === 'boolean';

/** Compiles the `$sum` accumulators; undefined when any is of another shape. */
function compileSums(spec: Doc): SumPlan | undefined {
  const plan: SumPlan = { names: [], constants: [], conds: [], paths: { slots: [], children: new Map() } };
  for (const [name, acc] of Object.entries(spec)) {
    if (name === '_id') continue;
    if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || !('$sum' in acc)) return undefined;
    const slot = plan.names.push(name) - 1;
    const arg = acc.$sum;
    if (finite(arg)) {
      plan.constants.push([slot, arg]);
      continue;
    }
    const parts = fieldPath(arg);
    if (parts) {
      let node = plan.paths;
      for (const p of parts) {
        let child = node.children.get(p);
        if (!child) node.children.set(p, (child = { slots: [], children: new Map() }));
        node = child;
      }
      node.slots.push(slot);
      continue;
    }
    const cond = compileCond(arg);
    if (cond === undefined) return undefined;
    plan.conds.push([slot, cond]);
  }
  return plan;
}

/**
 * Adds the value at `node`'s path (`v`) and the values below it into `acc`, as resolvePlain would give them to `$sum`:
 * numbers add, missing/null/strings/booleans add 0 (a missing or primitive parent holds nothing below it); false when
 * a summed value or a crossed one is of a kind mingo judges by other rules (arrays, documents, BSON values).
 */
function addPath(node: PathNode, v: unknown, acc: number[]): boolean {
  if (node.slots.length) {
    if (finite(v)) for (const s of node.slots) acc[s] = acc[s]! + v;
    else if (!zeroing(v)) return false;
  }
  const children = node.children;
  if (children.size === 0) return true;
  if (!isPlainObject(v)) return v === undefined || v === null || typeof v !== 'object';
  if (children.size > WALK_OWN_KEYS) {
    // a segment absent from the document adds 0 below it: only the keys it holds need a visit
    for (const key of Object.keys(v)) {
      const child = children.get(key);
      if (child && !addPath(child, v[key], acc)) return false;
    }
    return true;
  }
  for (const [key, child] of children) {
    const below = Object.prototype.hasOwnProperty.call(v, key) ? v[key] : undefined;
    if (!addPath(child, below, acc)) return false;
  }
  return true;
}

/** One document's addends into `acc` (per-document constants included); false when mingo must judge it. */
function addDoc(plan: SumPlan, doc: Doc, acc: number[], constants: boolean): boolean {
  if (constants) for (const [slot, n] of plan.constants) acc[slot] = acc[slot]! + n;
  for (const [slot, cond] of plan.conds) {
    const v = cond(doc);
    if (v === UNSURE) return false;
    acc[slot] = acc[slot]! + v;
  }
  return plan.paths.children.size === 0 || addPath(plan.paths, doc, acc);
}

/** The group's output document: its _id, then each accumulator in the spec's order. */
function output(plan: SumPlan, id: unknown, acc: number[]): Doc {
  const out: Doc = { _id: id };
  plan.names.forEach((name, slot) => (out[name] = acc[slot]));
  return out;
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
  const plan = compileSums(spec);
  if (!plan) return undefined;
  if (docs.length === 0) return [];
  const acc: number[] = plan.names.map(() => 0);
  for (const [slot, n] of plan.constants) acc[slot] = docs.length * n;
  for (const doc of docs) if (!addDoc(plan, doc, acc, false)) return undefined;
  return [output(plan, id, acc)];
}

/** A grouping value keyed exactly (strings by value, ObjectIds by hex, each id's key kept); undefined otherwise. */
function groupKey(v: unknown): string | undefined {
  if (typeof v === 'string') return `s${v}`;
  const bson = v as { _bsontype?: string } | null;
  if (bson && typeof bson === 'object' && bson._bsontype === 'ObjectId') return canonicalKey(v);
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
  const plan = compileSums(spec);
  if (!plan) return undefined;
  type Group = { id: Doc; acc: number[] };
  // one map per grouped field, nested (no key string built per document); groups kept in first-seen order
  const root = new Map<string, unknown>();
  const groups: Group[] = [];
  const values: unknown[] = new Array(keys.length);
  const last = keys.length - 1;
  for (const doc of docs) {
    let level = root;
    let group: Group | undefined;
    for (let i = 0; i <= last; i++) {
      const v = resolvePlain(doc, keys[i]![1]);
      const k = groupKey(v);
      if (k === undefined) return undefined;
      values[i] = v;
      const next = level.get(k);
      if (i < last) {
        if (next) level = next as Map<string, unknown>;
        else level.set(k, (level = new Map()));
      } else if (next) group = next as Group;
      else {
        group = {
          id: Object.fromEntries(keys.map(([name], j) => [name, values[j]])),
          acc: plan.names.map(() => 0),
        };
        level.set(k, group);
        groups.push(group);
      }
    }
    if (!addDoc(plan, doc, group!.acc, true)) return undefined;
  }
  return groups.map((g) => output(plan, g.id, g.acc));
}
