// What an index lookup already proved: the filter's equality clauses its full keys answered, left out of the re-check.
import { isNumeric, isObjectId, isPlainObject, toNumber } from './bson-util';
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
