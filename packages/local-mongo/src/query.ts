// Filter/projection/sort on top of mingo, with comparison operators replaced by BSON-aware ones (Long, Decimal128, ObjectId, collation).
import { Context } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import type { Iterator } from 'mingo/lazy';
import { Lazy } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import { resolve } from 'mingo/util';
import { forEachAndedField, isOperatorObject, isPlainObject } from './bson-util';
import type { CollationSpec, StringCompare } from './compare';
import { collatorFor, compareValues, sortKeyOf } from './compare';
import { ErrorCodes, fail, notSupported, toMongoError } from './errors';
import type { Doc } from './errors';
import { compileFastFilter, UNSURE } from './fast-filter';
import { getPathValues } from './paths';
import type { Test } from './predicates';
import { eqTest, inTest, rangeTest, typeTest } from './predicates';

function op(test: Test, negate = false) {
  return (selector: string, value: unknown, options: Options) => {
    const depth = selector.split('.').length - 1;
    const sc = collatorFor(options.collation as CollationSpec | undefined);
    return (o: Doc): boolean => {
      const r = test(resolve(o, selector, { unwrapArray: true }), value, depth, sc);
      return negate ? !r : r;
    };
  };
}

/** BSON-aware $sort stage so aggregation ordering matches find() ordering. */
function sortStage(coll: Iterator, spec: unknown, options: Options): Iterator {
  const sc = collatorFor(options.collation as CollationSpec | undefined);
  return coll.transform((docs: unknown[]) => Lazy(sortDocs(docs as Doc[], spec as Doc, sc)));
}

const OVERRIDES = Context.init({
  query: {
    $eq: op(eqTest),
    $ne: op(eqTest, true),
    $gt: op(rangeTest((c) => c > 0)),
    $gte: op(rangeTest((c) => c >= 0)),
    $lt: op(rangeTest((c) => c < 0)),
    $lte: op(rangeTest((c) => c <= 0)),
    $in: op(inTest),
    $nin: op(inTest, true),
    $type: op(typeTest),
  },
  pipeline: { $sort: sortStage },
});

// mingo's Context.from keeps the first definition of an operator, so the overrides must come first; the base
// classes from 'mingo/query' and 'mingo/aggregator' are used because the root exports re-merge defaults on top.
const CONTEXT = Context.from(
  OVERRIDES,
  Context.init({
    accumulator: { ...accumulatorOperators },
    expression: { ...expressionOperators },
    pipeline: { ...pipelineOperators },
    projection: { ...projectionOperators },
    query: { ...queryOperators },
    window: { ...windowOperators },
  }),
);

export function runPipeline(docs: Doc[], pipeline: Doc[], options: Partial<Options>): Doc[] {
  try {
    return new Aggregator(pipeline, options).run(docs) as Doc[];
  } catch (err) {
    throw toMongoError(err);
  }
}

const UNSUPPORTED_QUERY_OPS = [
  '$text',
  '$near',
  '$nearSphere',
  '$geoWithin',
  '$geoIntersects',
  '$jsonSchema',
];

export interface QueryOptions {
  collation?: CollationSpec;
  variables?: Doc;
}

/**
 * mingo copies its whole operator table whenever it is handed plain options (~20 µs per Query, the dominant cost of
 * an indexed findOne). An already-initialised options object skips the copy; the only public way to obtain one is
 * from inside an operator, so a one-off capture query grabs it.
 */
let prepared: Partial<Options> | undefined;
function preparedOptions(): Partial<Options> {
  if (!prepared) {
    const capture = Context.init({
      query: {
        $__localMongoCapture: (_selector: string, _value: unknown, options: Options) => {
          prepared = options;
          return () => true;
        },
      },
    });
    new Query({ x: { $__localMongoCapture: 1 } }, { context: Context.from(capture, CONTEXT) });
  }
  return prepared ?? { context: CONTEXT };
}

export function mingoOptions(opts: QueryOptions = {}, extra: Partial<Options> = {}): Partial<Options> {
  if (!opts.collation && !opts.variables && Object.keys(extra).length === 0) return preparedOptions();
  return {
    context: CONTEXT,
    ...(opts.collation ? { collation: opts.collation as Options['collation'] } : {}),
    ...(opts.variables ? { variables: opts.variables } : {}),
    ...extra,
  };
}

function stripComment(filter: Doc): Doc {
  if (!('$comment' in filter)) return filter;
  const { $comment: _c, ...rest } = filter;
  return rest;
}

function assertSupported(filter: unknown): void {
  if (Array.isArray(filter)) return filter.forEach(assertSupported);
  if (!isPlainObject(filter)) return;
  for (const [k, v] of Object.entries(filter)) {
    if (UNSUPPORTED_QUERY_OPS.includes(k)) notSupported(`query operator ${k}`);
    assertSupported(v);
  }
}

export interface Matcher {
  readonly filter: Doc;
  test(doc: Doc): boolean;
}

export function compileFilter(filter: unknown, opts: QueryOptions = {}): Matcher {
  if (filter !== undefined && filter !== null && !isPlainObject(filter))
    fail(ErrorCodes.TypeMismatch, 'filter must be an object');
  const f = stripComment((filter ?? {}) as Doc);
  if (Object.keys(f).length === 0) return { filter: f, test: () => true };
  assertSupported(f);
  // fields compared with scalars are judged without mingo; mingo is built only for a document that needs it
  const fast = opts.collation ? undefined : compileFastFilter(f);
  let query: Query | undefined;
  const general = (): Query => {
    try {
      return (query ??= new Query(f, mingoOptions(opts)));
    } catch (err) {
      throw toMongoError(err);
    }
  };
  if (!fast) general();
  return {
    filter: f,
    test: (doc) => {
      const quick = fast ? fast(doc) : UNSURE;
      if (quick !== UNSURE) return quick;
      try {
        return general().test(doc);
      } catch (err) {
        throw toMongoError(err);
      }
    },
  };
}

/**
 * A projection of whole top-level fields only (every value 0/1/true/false, no dotted path, no operator) copied
 * directly: no second pass of the filter and no mingo per document. Field order is the document's, as in mongod.
 * Anything else (dotted paths, $slice, $elemMatch, positional, expressions, mixed modes) returns null for mingo.
 */
export function plainProjection(projection: Doc): ((doc: Doc) => Doc) | null {
  let mode: 'include' | 'exclude' | undefined;
  let dropId = false;
  let idOnly = false;
  const fields = new Set<string>();
  for (const [key, value] of Object.entries(projection)) {
    if (key.includes('.') || key.startsWith('$')) return null;
    const on = value === 1 || value === true;
    if (!on && value !== 0 && value !== false) return null;
    if (key === '_id') {
      dropId = !on;
      idOnly = on;
      continue;
    }
    const m = on ? 'include' : 'exclude';
    if (mode && mode !== m) return null;
    mode = m;
    fields.add(key);
  }
  if (mode === 'include' || (!mode && idOnly)) {
    return (doc) => {
      const out: Doc = {};
      for (const k of Object.keys(doc)) if (k === '_id' ? !dropId : fields.has(k)) out[k] = doc[k];
      return out;
    };
  }
  if (dropId) fields.add('_id');
  return (doc) => {
    const out: Doc = {};
    for (const k of Object.keys(doc)) if (!fields.has(k)) out[k] = doc[k];
    return out;
  };
}

/**
 * Applies a find projection. `filter` is compiled only for mingo's path (positional projections like `a.$` need to
 * see which element matched); whole-field projections and none at all never compile it again.
 */
export function applyProjection(
  docs: Doc[],
  projection: unknown,
  filter: unknown,
  opts: QueryOptions = {},
): Doc[] {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return docs;
  const plain = plainProjection(projection);
  if (plain) return docs.map(plain);
  const matcher = compileFilter(filter, opts);
  try {
    return new Query(matcher.filter, mingoOptions(opts)).find<Doc>(docs, projection).all();
  } catch (err) {
    throw toMongoError(err);
  }
}

/** A sort document as fields and directions; refuses $meta sorts and directions other than 1 / -1 as mongod does. */
export function sortSpec(spec: Doc): Array<{ path: string; dir: 1 | -1 }> {
  return Object.entries(spec).map(([path, dir]) => {
    if (isPlainObject(dir)) notSupported(`sort by ${JSON.stringify(dir)}`);
    const d = Number(dir);
    if (d !== 1 && d !== -1)
      fail(ErrorCodes.BadValue, `$sort key ordering must be 1 (for ascending) or -1 (for descending)`);
    return { path, dir: d as 1 | -1 };
  });
}

export function sortDocs(docs: Doc[], spec: Doc, sc?: StringCompare): Doc[] {
  const keys = sortSpec(spec);
  if (keys.length === 0) return docs;
  const decorated = docs.map((doc, i) => ({
    doc,
    i,
    k: keys.map((key) => sortKeyOf(getPathValues(doc, key.path), key.dir, sc)),
  }));
  decorated.sort((a, b) => {
    for (let j = 0; j < keys.length; j++) {
      const c = compareValues(a.k[j], b.k[j], sc);
      if (c !== 0) return c * (keys[j] as { dir: number }).dir;
    }
    return a.i - b.i;
  });
  return decorated.map((d) => d.doc);
}

/**
 * Per-field equality values a filter pins down (`{a: v}`, `{a: {$eq: v}}`, `{a: {$in: [...]}}`, inside `$and`).
 * Only values whose index key is unambiguous are returned, so an index lookup yields a superset of the matches;
 * null is one (its key also holds missing fields and empty arrays, a superset of what `{a: null}` matches).
 */
export function extractEqualities(filter: Doc): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  const eligible = (v: unknown): boolean =>
    v !== undefined &&
    !Array.isArray(v) &&
    !(v instanceof RegExp) &&
    !(isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$')));
  forEachAndedField(filter, (k, v) => {
    if (out.has(k)) return;
    if (isOperatorObject(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === '$eq' && eligible(v.$eq)) out.set(k, [v.$eq]);
      else if (keys.length === 1 && keys[0] === '$in' && Array.isArray(v.$in) && v.$in.every(eligible))
        out.set(k, v.$in);
    } else if (eligible(v)) {
      out.set(k, [v]);
    }
  });
  return out;
}
