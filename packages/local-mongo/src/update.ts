// Update documents: validation, positional path expansion, replacement/pipeline updates, immutable _id and upsert seeding.
import { ObjectId } from 'bson';
import { ProcessingMode } from 'mingo';
import {
  bsonTypeName,
  cloneValue,
  formatValue,
  isNumeric,
  forEachAndedField,
  isOperatorObject,
  isPlainObject,
} from './bson-util';
import type { CollationSpec } from './compare';
import { bsonEquals } from './compare';
import { ErrorCodes, fail } from './errors';
import type { Doc } from './errors';
import { copyOnWrite, getAt, nest, setAt } from './paths';
import { compileFilter, mingoOptions, runPipeline } from './query';
import { UPDATE_OPS } from './update-ops';

export interface UpdateContext {
  filter: Doc;
  arrayFilters?: Doc[];
  collation?: CollationSpec;
  upsertInsert?: boolean;
}

const PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export function isReplacement(update: unknown): boolean {
  return isPlainObject(update) && !Object.keys(update).some((k) => k.startsWith('$'));
}

/** Parse-time checks mongod performs before matching anything, so a bad update fails even when no document matches. */
export function validateUpdate(update: unknown): void {
  if (Array.isArray(update)) {
    for (const stage of update) {
      const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
      if (!name || !PIPELINE_STAGES.has(name))
        fail(ErrorCodes.InvalidOptions, `${String(name)} is not allowed to be used within an update`);
    }
    return;
  }
  if (!isPlainObject(update))
    fail(ErrorCodes.FailedToParse, 'Update argument must be either an object or an array');
  const keys = Object.keys(update);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length === 0) return;
  if (ops.length !== keys.length)
    fail(
      ErrorCodes.DollarPrefixedFieldName,
      `The dollar ($) prefixed field '${ops[0]}' in '${ops[0]}' is not allowed in the context of an update's replacement document.`,
    );
  const targets: string[] = [];
  for (const op of ops) {
    if (!UPDATE_OPS[op])
      fail(
        ErrorCodes.FailedToParse,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    const spec = update[op];
    if (!isPlainObject(spec))
      fail(
        ErrorCodes.FailedToParse,
        `Modifiers operate on fields but we found type ${bsonTypeName(spec)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${formatValue(spec)}}`,
      );
    for (const [path, arg] of Object.entries(spec)) {
      if (path === '') fail(ErrorCodes.BadValue, 'An empty update path is not valid.');
      if ((op === '$inc' || op === '$mul') && !isNumeric(arg)) {
        fail(
          ErrorCodes.TypeMismatch,
          `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${formatValue(arg)}}`,
        );
      }
      targets.push(path);
      if (op === '$rename') {
        if (typeof arg !== 'string')
          fail(
            ErrorCodes.BadValue,
            `The 'to' field for $rename must be a string: ${path}: ${formatValue(arg)}`,
          );
        targets.push(arg);
      }
    }
  }
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const a = targets[i] as string;
      const b = targets[j] as string;
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`)) {
        fail(
          ErrorCodes.ConflictingUpdateOperators,
          `Updating the path '${a}' would create a conflict at '${a.length < b.length ? a : b}'`,
        );
      }
    }
  }
}

const POSITIONAL_MISS = 'The positional operator did not find the match needed from the query.';

function positionalIndex(prefix: string, arr: unknown[], ctx: UpdateContext): number {
  const keys = Object.keys(ctx.filter).filter((k) => k === prefix || k.startsWith(`${prefix}.`));
  if (keys.length === 0) fail(ErrorCodes.BadValue, POSITIONAL_MISS);
  const sub: Doc = {};
  for (const k of keys) sub[k] = ctx.filter[k];
  const m = compileFilter(sub, { collation: ctx.collation });
  const idx = arr.findIndex((el) => m.test(nest(prefix, [el])));
  if (idx < 0) fail(ErrorCodes.BadValue, POSITIONAL_MISS);
  return idx;
}

function arrayFilterFor(id: string, path: string, ctx: UpdateContext): (el: unknown) => boolean {
  const spec: Doc = {};
  for (const f of ctx.arrayFilters ?? []) {
    for (const [k, v] of Object.entries(f)) if (k === id || k.startsWith(`${id}.`)) spec[k] = v;
  }
  if (Object.keys(spec).length === 0)
    fail(ErrorCodes.BadValue, `No array filter found for identifier '${id}' in path '${path}'`);
  const m = compileFilter(spec, { collation: ctx.collation });
  return (el) => m.test({ [id]: el });
}

/** Expands `a.$.b`, `a.$[].b`, `a.$[x].b` into the concrete paths they address in `doc`. */
export function expandPath(doc: Doc, path: string, ctx: UpdateContext): string[][] {
  const parts = path.split('.');
  if (!parts.some((p) => p.startsWith('$'))) return [parts];
  let results: string[][] = [[]];
  for (const p of parts) {
    if (!p.startsWith('$')) {
      results = results.map((r) => [...r, p]);
      continue;
    }
    const next: string[][] = [];
    for (const prefix of results) {
      const arr = getAt(doc, prefix);
      if (!Array.isArray(arr)) {
        if (p === '$') fail(ErrorCodes.BadValue, POSITIONAL_MISS);
        if (arr === undefined)
          fail(
            ErrorCodes.BadValue,
            `The path '${prefix.join('.')}' must exist in the document in order to apply array updates.`,
          );
        fail(
          ErrorCodes.BadValue,
          `Cannot apply array updates to non-array element ${prefix[prefix.length - 1] ?? ''}: ${formatValue(arr)}`,
        );
      }
      if (p === '$') {
        next.push([...prefix, String(positionalIndex(prefix.join('.'), arr, ctx))]);
      } else if (p === '$[]') {
        arr.forEach((_el, j) => next.push([...prefix, String(j)]));
      } else if (/^\$\[[a-z][a-zA-Z0-9]*\]$/.test(p)) {
        const test = arrayFilterFor(p.slice(2, -1), path, ctx);
        arr.forEach((el, j) => {
          if (test(el)) next.push([...prefix, String(j)]);
        });
      } else {
        fail(
          ErrorCodes.BadValue,
          `The dollar ($) prefixed field '${p}' in '${path}' is not valid for storage.`,
        );
      }
    }
    results = next;
  }
  return results;
}

function checkArrayFiltersUsed(update: Doc, ctx: UpdateContext): void {
  const paths = Object.values(update).flatMap((spec) => (isPlainObject(spec) ? Object.keys(spec) : []));
  for (const f of ctx.arrayFilters ?? []) {
    const id = (Object.keys(f)[0] ?? '').split('.')[0] ?? '';
    if (!paths.some((p) => p.includes(`$[${id}]`)))
      fail(
        ErrorCodes.FailedToParse,
        `The array filter for identifier '${id}' was not used in the update ${formatValue(update)}`,
      );
  }
}

function pipelineUpdate(doc: Doc, pipeline: Doc[]): Doc {
  const out = runPipeline([doc], pipeline, mingoOptions({}, { processingMode: ProcessingMode.CLONE_INPUT }));
  return cloneValue(out[0] ?? {});
}

function comparePaths(a: string, b: string): number {
  const xs = a.split('.');
  const ys = b.split('.');
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const x = xs[i] as string;
    const y = ys[i] as string;
    if (x === y) continue;
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return xs.length - ys.length;
}

/** Returns the updated copy; `old` is never mutated so a failed unique check can simply discard the result. */
export function applyUpdate(old: Doc, update: unknown, ctx: UpdateContext): Doc {
  let next: Doc;
  if (Array.isArray(update)) {
    next = pipelineUpdate(old, update as Doc[]);
  } else if (isReplacement(update)) {
    const replacement = cloneValue(update as Doc);
    if (replacement._id !== undefined && old._id !== undefined && !bsonEquals(replacement._id, old._id)) {
      fail(
        ErrorCodes.ImmutableField,
        `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(replacement._id)}`,
      );
    }
    const { _id: _ignored, ...rest } = replacement;
    next = old._id !== undefined ? { _id: old._id, ...rest } : replacement;
  } else {
    const u = update as Doc;
    checkArrayFiltersUsed(u, ctx);
    next = copyOnWrite(old);
    const now = new Date();
    const steps: Array<{ op: string; path: string; arg: unknown }> = [];
    for (const [op, spec] of Object.entries(u)) {
      if (!isPlainObject(spec) || (op === '$setOnInsert' && !ctx.upsertInsert)) continue;
      for (const [path, arg] of Object.entries(spec)) steps.push({ op, path, arg });
    }
    // mongod (5.0+) applies all modifiers in field-name order, which decides where new fields land in the document
    steps.sort((a, b) => comparePaths(a.path, b.path));
    for (const { op, path, arg } of steps) {
      const fn = UPDATE_OPS[op];
      if (!fn) continue;
      for (const segs of expandPath(next, path, ctx)) {
        fn(next, segs, arg, { path, id: old._id, upsertInsert: ctx.upsertInsert === true, now });
      }
    }
  }
  if (old._id !== undefined && !bsonEquals(next._id, old._id)) {
    fail(
      ErrorCodes.ImmutableField,
      `Performing an update on the path '_id' would modify the immutable field '_id'`,
    );
  }
  return next;
}

/** The document an upsert starts from: equality fields of the filter (incl. $eq, single-value $in, dotted paths, $and). */
export function upsertSeed(filter: Doc): Doc {
  const seed: Doc = {};
  forEachAndedField(filter, (k, v) => {
    let value: unknown = v;
    if (isOperatorObject(v)) {
      if ('$eq' in v) value = v.$eq;
      else if (Array.isArray(v.$in) && v.$in.length === 1) value = v.$in[0];
      else return;
    }
    if (value instanceof RegExp) return;
    setAt(seed, k.split('.'), cloneValue(value));
  });
  return seed;
}

/** mongod stores _id first and generates an ObjectId when none was supplied. */
export function withIdFirst(doc: Doc): Doc {
  if (doc._id === undefined) return { _id: new ObjectId(), ...doc };
  if (Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}
