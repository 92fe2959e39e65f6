// Dotted-path access: multikey value collection (indexes, sort, distinct) and concrete-path read/write for updates.
import { formatValue, isPlainObject } from './bson-util';
import { ErrorCodes, fail } from './errors';
import type { Doc } from './errors';

const isIndex = (s: string): boolean => /^\d+$/.test(s);

/**
 * All values reachable at `path`, descending into arrays the way mongod builds multikey index entries:
 * a trailing array contributes its elements, an empty trailing array contributes nothing.
 * Returns [] when the path is missing everywhere.
 */
export function getPathValues(doc: unknown, path: string, expandLeafArrays = true): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out, expandLeafArrays);
  return out;
}

function collect(v: unknown, parts: string[], i: number, out: unknown[], expandLeaf: boolean): void {
  if (i === parts.length) {
    if (Array.isArray(v) && expandLeaf) out.push(...v);
    else if (v !== undefined) out.push(v);
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(v)) {
    if (isIndex(part) && Number(part) < v.length) collect(v[Number(part)], parts, i + 1, out, expandLeaf);
    for (const el of v) if (isPlainObject(el)) collect(el, parts, i, out, expandLeaf);
    return;
  }
  if (isPlainObject(v) && Object.prototype.hasOwnProperty.call(v, part))
    collect(v[part], parts, i + 1, out, expandLeaf);
}

/** The single value at a concrete path (array segments must be numeric). */
export function getAt(doc: Doc, segs: string[]): unknown {
  let cur: unknown = doc;
  for (const s of segs) {
    if (Array.isArray(cur)) cur = isIndex(s) ? cur[Number(s)] : undefined;
    else if (isPlainObject(cur)) cur = Object.prototype.hasOwnProperty.call(cur, s) ? cur[s] : undefined;
    else return undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Working copies made by copyOnWrite(): the root → the containers this update already owns (copied or created). */
const OWNED = new WeakMap<Doc, WeakSet<object>>();

/**
 * A working copy of a stored document for an update: only the root is copied now; setAt/unsetAt copy each container
 * on the way to what they write the first time they pass it, so untouched subdocuments and arrays stay shared with
 * the stored version (which nothing mutates in place) instead of being deep-copied on every update.
 */
export function copyOnWrite(doc: Doc): Doc {
  const root: Doc = { ...doc };
  OWNED.set(root, new WeakSet([root]));
  return root;
}

/** The container at `key` of an owned `parent`, copied into it first unless this update already owns it. */
function own<T extends Doc | unknown[]>(
  parent: Doc | unknown[],
  key: string,
  child: T,
  owned: WeakSet<object> | undefined,
): T {
  if (!owned || owned.has(child)) return child;
  const copy = (Array.isArray(child) ? child.slice() : { ...child }) as T;
  owned.add(copy);
  if (Array.isArray(parent)) parent[Number(key)] = copy;
  else parent[key] = copy;
  return copy;
}

/**
 * Parent container for the last segment, creating intermediate documents as mongod does.
 * Throws PathNotViable when a scalar (or a non-numeric segment into an array) blocks the path.
 */
export function parentFor(
  doc: Doc,
  segs: string[],
  create: boolean,
): { parent: Doc | unknown[]; key: string } | undefined {
  const owned = OWNED.get(doc);
  let cur: Doc | unknown[] = doc;
  for (let i = 0; i < segs.length - 1; i++) {
    const s = segs[i] as string;
    let next: unknown;
    if (Array.isArray(cur)) {
      if (!isIndex(s)) {
        if (!create) return undefined;
        fail(
          ErrorCodes.PathNotViable,
          `Cannot create field '${s}' in element {${segs[i - 1] ?? ''}: ${formatValue(cur)}}`,
        );
      }
      next = cur[Number(s)];
    } else {
      next = Object.prototype.hasOwnProperty.call(cur, s) ? cur[s] : undefined;
    }
    if (next === undefined || next === null) {
      if (!create) return undefined;
      const fresh: Doc = {};
      owned?.add(fresh);
      if (Array.isArray(cur)) padSet(cur, Number(s), fresh);
      else cur[s] = fresh;
      next = fresh;
    } else if (!isPlainObject(next) && !Array.isArray(next)) {
      if (!create) return undefined;
      fail(
        ErrorCodes.PathNotViable,
        `Cannot create field '${segs[i + 1] ?? ''}' in element {${s}: ${formatValue(next)}}`,
      );
    } else {
      next = own(cur, s, next as Doc | unknown[], owned);
    }
    cur = next as Doc | unknown[];
  }
  return { parent: cur, key: segs[segs.length - 1] as string };
}

function padSet(arr: unknown[], idx: number, value: unknown): void {
  while (arr.length < idx) arr.push(null);
  arr[idx] = value;
}

export function setAt(doc: Doc, segs: string[], value: unknown): void {
  const loc = parentFor(doc, segs, true);
  if (!loc) return;
  if (Array.isArray(loc.parent)) {
    if (!isIndex(loc.key))
      fail(
        ErrorCodes.PathNotViable,
        `Cannot create field '${loc.key}' in element {${formatValue(loc.parent)}}`,
      );
    padSet(loc.parent, Number(loc.key), value);
  } else {
    loc.parent[loc.key] = value;
  }
}

/** mongod's $unset inside an array nulls the element rather than shifting the array. */
export function unsetAt(doc: Doc, segs: string[]): boolean {
  const loc = parentFor(doc, segs, false);
  if (!loc) return false;
  if (Array.isArray(loc.parent)) {
    if (!isIndex(loc.key) || Number(loc.key) >= loc.parent.length) return false;
    loc.parent[Number(loc.key)] = null;
    return true;
  }
  if (!Object.prototype.hasOwnProperty.call(loc.parent, loc.key)) return false;
  delete loc.parent[loc.key];
  return true;
}

/** Builds `{a: {b: value}}` for `a.b` — used to seed upserts and to test array elements against sub-queries. */
export function nest(path: string, value: unknown): Doc {
  const segs = path.split('.');
  const root: Doc = {};
  setAt(root, segs, value);
  return root;
}
