// What an index lookup or walk already proved: the filter's equality and range clauses it answered, left out of the re-check.
import { isNumeric, isObjectId, isOperatorObject, isPlainObject, toNumber } from './bson-util';
import type { Doc } from './errors';

/**
 * Values whose canonical key is equal exactly when mongod's equality is (no collation), and that no array or missing
 * field can be keyed as: null is left out (an index keys a missing field and an empty array as null, which
 * `{f: null}` matches differently).
 */
function keyedExactly(v: unknown): boolean {
  return (
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    v instanceof Date ||
    isObjectId(v) ||
    (isNumeric(v) && !Number.isNaN(toNumber(v)))
  );
}

/** A top-level condition that is only equality with, or $in of, exactly keyed values. */
function keyedCondition(cond: unknown): boolean {
  if (!isPlainObject(cond)) return keyedExactly(cond);
  const ops = Object.keys(cond);
  if (ops.length !== 1) return false;
  if (ops[0] === '$eq') return keyedExactly(cond.$eq);
  return ops[0] === '$in' && Array.isArray(cond.$in) && cond.$in.every(keyedExactly);
}

/**
 * The filter without the top-level clauses on `fields` that documents found through those fields' full index keys
 * (a single-valued index, simple collation) satisfy by construction; undefined when no clause can be left out.
 */
export function residualFilter(filter: Doc, fields: readonly string[]): Doc | undefined {
  let out: Doc | undefined;
  for (const f of fields) {
    if (!Object.prototype.hasOwnProperty.call(filter, f) || !keyedCondition(filter[f])) continue;
    out ??= { ...filter };
    delete out[f];
  }
  return out;
}

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);

/**
 * A top-level range condition (only $gt/$gte/$lt/$lte) on dates or on ObjectIds, all of one kind: a walk of a
 * single-valued index within the bounds it implies visits only values that satisfy it (a date bound never admits a
 * value of another type, and the index holds each document's one value), so the walk answers it in full.
 */
function walkedRange(cond: unknown): boolean {
  if (!isOperatorObject(cond)) return false;
  const ops = Object.keys(cond);
  if (ops.length === 0 || !ops.every((op) => RANGE_OPS.has(op))) return false;
  const values = ops.map((op) => cond[op]);
  const dates = values.every((v) => v instanceof Date && !Number.isNaN(v.getTime()));
  return dates || values.every((v) => isObjectId(v));
}

/**
 * The filter without what a walk of a single-valued index (simple collation) proved for every document it visits:
 * the equality clauses of the fields it fixed (`prefix`, as for full keys) and the range clause of the field it
 * walked (`ranged`) when that clause is only date or ObjectId bounds; undefined when nothing can be left out.
 */
export function walkedResidual(filter: Doc, prefix: readonly string[], ranged: string): Doc | undefined {
  let out = residualFilter(filter, prefix);
  if (Object.prototype.hasOwnProperty.call(filter, ranged) && walkedRange(filter[ranged])) {
    out ??= { ...filter };
    delete out[ranged];
  }
  return out;
}
