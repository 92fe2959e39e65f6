// Whether a query implies a partial index's filter expression: mongod uses a partial index only then (conservative).
import { forEachAndedField, isOperatorObject, isPlainObject } from './bson-util';
import { canonicalKey } from './compare';
import type { Doc } from './errors';
import type { FieldBounds } from './ordered-index';
import { compareComponent } from './ordered-index';
import { extractBounds } from './planner';
import type { Matcher } from './query';
import { compileFilter } from './query';

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);

/** One single-operator condition of a filter on a field: `{a: {$gt: 1, $lt: 5}}` gives `{$gt: 1}` and `{$lt: 5}`. */
function predicatesOf(condition: unknown): Doc[] {
  if (!isOperatorObject(condition)) return [{ $eq: condition }];
  return Object.entries(condition).map(([op, v]) => ({ [op]: v }));
}

/** A document holding `value` at a dotted path. */
function holding(path: string, value: unknown): Doc {
  const parts = path.split('.');
  let doc: unknown = value;
  for (let i = parts.length - 1; i >= 0; i--) doc = { [parts[i]!]: doc };
  return doc as Doc;
}

/** Equality values a matching document certainly holds at the path (null and regexes match more than themselves). */
function certainValues(pred: Doc): unknown[] | undefined {
  const [op, v] = Object.entries(pred)[0]!;
  const values = op === '$eq' ? [v] : op === '$in' && Array.isArray(v) ? v : undefined;
  const exact = (x: unknown) =>
    x !== null &&
    x !== undefined &&
    !Array.isArray(x) &&
    !(x instanceof RegExp) &&
    !(isPlainObject(x) && Object.keys(x).some((k) => k.startsWith('$')));
  return values && values.length > 0 && values.every(exact) ? values : undefined;
}

/** Range a ⊆ range b (the same type bracket: bounds from different brackets never nest). */
function within(a: FieldBounds, b: FieldBounds): boolean {
  const lo = compareComponent(a.lo, b.lo);
  const hi = compareComponent(a.hi, b.hi);
  const loOk = lo > 0 || (lo === 0 && (b.loInclusive || !a.loInclusive));
  const hiOk = hi < 0 || (hi === 0 && (b.hiInclusive || !a.hiInclusive));
  return loOk && hiOk;
}

interface Requirement {
  field: string;
  pred: Doc;
  key: string;
  /** The requirement tested on a document holding one value at the field. */
  test: Matcher;
  range: FieldBounds | undefined;
  existsTrue: boolean;
}

/** Does one query condition on the field imply the requirement? */
function implies(req: Requirement, condition: unknown): boolean {
  for (const q of predicatesOf(condition)) {
    if (canonicalKey(q) === req.key) return true;
    const values = certainValues(q);
    if (values) {
      if (values.every((v) => req.test.test(holding(req.field, v)))) return true;
      continue;
    }
    const [op, v] = Object.entries(q)[0]!;
    if (!RANGE_OPS.has(op) || v === null || v === undefined) continue;
    if (req.existsTrue) return true;
    const bounds = extractBounds({ [req.field]: q }).get(req.field);
    if (req.range && bounds && within(bounds, req.range)) return true;
  }
  return false;
}

/** Every top-level key (and each `$and` branch's) is a field: the requirements below then say all it says. */
function onlyFieldsAndAnd(expression: Doc): boolean {
  return Object.entries(expression).every(([k, v]) =>
    k === '$and'
      ? Array.isArray(v) && v.every((sub) => isPlainObject(sub) && onlyFieldsAndAnd(sub))
      : !k.startsWith('$'),
  );
}

/**
 * A test of "every document this filter matches also matches the partial filter expression", from the conditions
 * the filter ANDs on each field: an identical condition, equality values that satisfy it, or a range inside its
 * range. Anything else (`$or`, `$expr`, other operators in the expression) answers false, so the index is not used.
 */
export function compileImplication(expression: Doc): (filter: Doc) => boolean {
  const requirements: Requirement[] = [];
  const supported = onlyFieldsAndAnd(expression);
  forEachAndedField(expression, (field, condition) => {
    for (const pred of predicatesOf(condition)) {
      const op = Object.keys(pred)[0]!;
      requirements.push({
        field,
        pred,
        key: canonicalKey(pred),
        test: compileFilter({ [field]: pred }),
        range: RANGE_OPS.has(op) ? extractBounds({ [field]: pred }).get(field) : undefined,
        existsTrue: op === '$exists' && pred.$exists === true,
      });
    }
  });
  if (!supported || requirements.length === 0) return () => false;
  return (filter) => {
    const byField = new Map<string, unknown[]>();
    forEachAndedField(filter, (field, condition) => {
      byField.set(field, [...(byField.get(field) ?? []), condition]);
    });
    return requirements.every((req) => (byField.get(req.field) ?? []).some((c) => implies(req, c)));
  };
}
