// Read commands: find / getMore / killCursors / count / distinct / aggregate (mingo pipelines with BSON-aware $sort and $lookup).
import { Long } from 'bson';
import { ProcessingMode } from 'mingo';
import { cloneValue, isPlainObject, toInt } from '../bson-util';
import { canonicalKey, collatorFor } from '../compare';
import { ErrorCodes, fail, notSupported } from '../errors';
import type { Doc } from '../errors';
import { fastGroup } from '../fast-group';
import { getPathValues } from '../paths';
import { applyProjection, mingoOptions, runPipeline, sortDocs } from '../query';
import type { CommandContext, Handler } from './context';
import { collName, cursorReply, queryOptions, refuseOptions, takeBatch } from './context';

const REFUSED_STAGES = new Set([
  '$out',
  '$merge',
  '$changeStream',
  '$collStats',
  '$indexStats',
  '$currentOp',
  '$listSessions',
  '$listLocalSessions',
  '$search',
  '$searchMeta',
  '$vectorSearch',
  '$geoNear',
  '$planCacheStats',
  '$listSearchIndexes',
]);

function checkPipeline(pipeline: unknown): Doc[] {
  if (!Array.isArray(pipeline))
    fail(ErrorCodes.TypeMismatch, "'pipeline' option must be specified as an array");
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1)
      fail(ErrorCodes.BadValue, 'A pipeline stage specification object must contain exactly one field.');
    const [name, spec] = Object.entries(stage)[0] as [string, unknown];
    if (REFUSED_STAGES.has(name)) notSupported(`aggregation stage ${name}`);
    if (name === '$lookup' && isPlainObject(spec) && spec.pipeline !== undefined)
      checkPipeline(spec.pipeline);
    if (name === '$unionWith' && isPlainObject(spec) && spec.pipeline !== undefined)
      checkPipeline(spec.pipeline);
    if (name === '$facet' && isPlainObject(spec)) for (const sub of Object.values(spec)) checkPipeline(sub);
  }
  return pipeline as Doc[];
}

export function runFind(ctx: CommandContext, name: string, body: Doc): Doc[] {
  const coll = ctx.engine.collection(ctx.db, name);
  if (!coll) return [];
  const opts = queryOptions(body);
  const filter = (body.filter ?? {}) as Doc;
  const sort = isPlainObject(body.sort) && Object.keys(body.sort).length ? body.sort : undefined;
  const skip = toInt(body.skip);
  const limit = Math.abs(toInt(body.limit));
  if (skip < 0) fail(ErrorCodes.BadValue, 'skip value must be non-negative');
  // without a sort the scan can stop as soon as skip+limit documents matched; with one, an index walk in sort order can
  const walked = sort && limit ? coll.findSorted(filter, opts, sort, skip + limit) : undefined;
  let docs = walked ?? coll.find(filter, opts, !sort && limit ? skip + limit : 0);
  if (sort && !walked) docs = sortDocs([...docs], sort, collatorFor(opts.collation));
  if (skip || limit) docs = docs.slice(skip, limit ? skip + limit : undefined);
  return applyProjection(docs, body.projection, filter, opts);
}

/**
 * Stages that never write into the documents they receive ($group builds new ones, $sort/$limit reorder or drop):
 * a pipeline made only of them can read the stored documents directly instead of a deep copy of each one.
 */
const READ_ONLY_STAGES = new Set(['$match', '$group', '$sort', '$skip', '$limit', '$count', '$sortByCount']);

const readsOnly = (pipeline: Doc[]): boolean =>
  pipeline.every((stage) => READ_ONLY_STAGES.has(Object.keys(stage)[0] as string));

export function runAggregate(ctx: CommandContext, name: string, pipeline: Doc[], body: Doc): Doc[] {
  const coll = ctx.engine.collection(ctx.db, name);
  const opts = queryOptions(body);
  const first = pipeline[0];
  let source: Doc[];
  let rest = pipeline;
  if (first && isPlainObject(first.$match) && coll) {
    source = coll.find(first.$match, opts);
    rest = pipeline.slice(1);
  } else {
    source = coll ? [...coll.all()] : [];
  }
  // a lone counting $group (countDocuments, alert-rule tallies) is summed directly when its shape allows
  const only = rest.length === 1 && !opts.collation ? rest[0] : undefined;
  const grouped = only && '$group' in only ? fastGroup(source, only.$group) : undefined;
  if (grouped) return grouped;
  return runPipeline(
    source,
    rest,
    mingoOptions(opts, {
      // stages like $addFields mutate nested objects in place; stored documents must never be touched
      processingMode: readsOnly(rest) ? ProcessingMode.CLONE_OFF : ProcessingMode.CLONE_INPUT,
      collectionResolver: (other: string) =>
        cloneValue([...(ctx.engine.collection(ctx.db, other)?.all() ?? [])]),
    }),
  );
}

export const readCommands: Record<string, Handler> = {
  find: (body, ctx) => {
    const name = collName(body, 'find');
    refuseOptions(
      body,
      ['tailable', 'awaitData', 'min', 'max', 'returnKey', 'showRecordId', 'oplogReplay'],
      'find',
    );
    const docs = runFind(ctx, name, body);
    const single = body.singleBatch === true || toInt(body.limit) < 0;
    return cursorReply(ctx, `${ctx.db}.${name}`, docs, body, single);
  },

  getmore: (body, ctx) => {
    const raw = body.getMore;
    const id = raw instanceof Long ? raw : Long.fromNumber(toInt(raw));
    const cursor = ctx.engine.cursor(id);
    if (!cursor) fail(ErrorCodes.CursorNotFound, `cursor id ${id.toString()} not found`);
    const batch = takeBatch(cursor.docs, cursor.pos, toInt(body.batchSize));
    cursor.pos += batch.length;
    cursor.lastUsed = Date.now();
    const done = cursor.pos >= cursor.docs.length;
    if (done) ctx.engine.killCursor(id);
    return { cursor: { nextBatch: batch, id: done ? Long.ZERO : cursor.id, ns: cursor.ns }, ok: 1 };
  },

  killcursors: (body, ctx) => {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const raw of (body.cursors ?? []) as unknown[]) {
      const id = raw instanceof Long ? raw : Long.fromNumber(toInt(raw));
      (ctx.engine.killCursor(id) ? killed : notFound).push(id);
    }
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  },

  count: (body, ctx) => {
    const name = collName(body, 'count');
    const coll = ctx.engine.collection(ctx.db, name);
    if (!coll) return { n: 0, ok: 1 };
    const query = (body.query ?? {}) as Doc;
    const skip = toInt(body.skip);
    const limit = Math.abs(toInt(body.limit));
    const n = Object.keys(query).length === 0 ? coll.size : coll.find(query, queryOptions(body)).length;
    return { n: Math.max(0, Math.min(limit || Number.MAX_SAFE_INTEGER, n - skip)), ok: 1 };
  },

  distinct: (body, ctx) => {
    const name = collName(body, 'distinct');
    const key = body.key;
    if (typeof key !== 'string')
      fail(ErrorCodes.TypeMismatch, "BSON field 'distinct.key' is the wrong type, expected type 'string'");
    const coll = ctx.engine.collection(ctx.db, name);
    const seen = new Map<string, unknown>();
    const opts = queryOptions(body);
    for (const doc of coll ? coll.find((body.query ?? {}) as Doc, opts) : []) {
      for (const v of getPathValues(doc, key)) {
        const k = canonicalKey(v);
        if (!seen.has(k)) seen.set(k, v);
      }
    }
    return {
      values: sortDocs(
        [...seen.values()].map((v) => ({ v })),
        { v: 1 },
      ).map((d) => d.v),
      ok: 1,
    };
  },

  aggregate: (body, ctx) => {
    if (body.aggregate === 1) notSupported('database-level aggregate');
    const name = collName(body, 'aggregate');
    if (body.explain) notSupported('aggregate explain');
    if (body.cursor === undefined)
      fail(
        ErrorCodes.FailedToParse,
        "The 'cursor' option is required, except for aggregate with the explain argument",
      );
    const docs = runAggregate(ctx, name, checkPipeline(body.pipeline), body);
    return cursorReply(ctx, `${ctx.db}.${name}`, docs, body);
  },
};
