// insert / update / delete commands with per-statement writeErrors, ordered/unordered semantics and upsert bookkeeping.
import { isPlainObject, toInt } from '../bson-util';
import type { Collection } from '../collection';
import type { CollationSpec } from '../compare';
import { sameBson } from '../compare';
import { ErrorCodes, fail, toMongoError } from '../errors';
import type { Doc } from '../errors';
import { sortDocs } from '../query';
import { applyUpdate, isReplacement, upsertSeed, validateUpdate, withIdFirst } from '../update';
import type { CommandContext, Handler } from './context';
import { collName, queryOptions } from './context';

function docsOf(body: Doc, field: string): Doc[] {
  const v = body[field];
  if (!Array.isArray(v))
    fail(ErrorCodes.FailedToParse, `BSON field '${field}' is missing but a required field`);
  return v as Doc[];
}

/** Runs each statement, collecting writeErrors; ordered writes stop at the first failure like mongod. */
function runStatements<T>(items: T[], ordered: boolean, run: (item: T, index: number) => void): Doc[] {
  const writeErrors: Doc[] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      run(items[i] as T, i);
    } catch (err) {
      writeErrors.push(toMongoError(err).toWriteError(i));
      if (ordered) break;
    }
  }
  return writeErrors;
}

function finish(reply: Doc, writeErrors: Doc[]): Doc {
  if (writeErrors.length) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
}

export interface UpdateOutcome {
  matched: number;
  modified: number;
  upsertedId?: unknown;
  /** the document after the update (first one for multi) — findAndModify needs it */
  before?: Doc;
  after?: Doc;
}

export interface UpdateStatement {
  q: Doc;
  u: unknown;
  multi?: boolean;
  upsert?: boolean;
  arrayFilters?: Doc[];
  collation?: CollationSpec;
  sort?: Doc;
  /** findAndModify has already chosen the document (after its sort); update exactly that one */
  only?: Doc;
}

/** Shared by the update command and findAndModify. `coll` is created lazily, only when an upsert inserts. */
export function performUpdate(
  ctx: CommandContext,
  name: string,
  st: UpdateStatement,
  variables?: Doc,
): UpdateOutcome {
  validateUpdate(st.u);
  if (st.multi && isReplacement(st.u))
    fail(ErrorCodes.FailedToParse, 'multi update is not supported for replacement-style update');
  if (st.arrayFilters !== undefined && !Array.isArray(st.arrayFilters))
    fail(ErrorCodes.TypeMismatch, 'arrayFilters must be an array');
  const q = (st.q ?? {}) as Doc;
  const opts = { collation: st.collation, variables };
  const existing = ctx.engine.collection(ctx.db, name);
  let matches = st.only ? [st.only] : existing ? existing.find(q, opts, st.multi || st.sort ? 0 : 1) : [];
  if (st.sort && isPlainObject(st.sort))
    matches = sortDocs(matches, st.sort).slice(0, st.multi ? undefined : 1);
  const uctx = { filter: q, arrayFilters: st.arrayFilters, collation: st.collation };
  if (matches.length === 0) {
    if (!st.upsert) return { matched: 0, modified: 0 };
    const doc = withIdFirst(applyUpdate(upsertSeed(q), st.u, { ...uctx, upsertInsert: true }));
    const { coll } = ctx.engine.ensureCollection(ctx.db, name);
    coll.insert(doc);
    return { matched: 0, modified: 0, upsertedId: doc._id, after: doc };
  }
  const coll = existing as Collection;
  let modified = 0;
  let first: { before: Doc; after: Doc } | undefined;
  for (const doc of matches) {
    const next = applyUpdate(doc, st.u, uctx);
    if (!sameBson(doc, next)) {
      coll.replace(doc, next);
      modified++;
    }
    first ??= { before: doc, after: next };
  }
  return { matched: matches.length, modified, before: first?.before, after: first?.after };
}

export const writeCommands: Record<string, Handler> = {
  insert: (body, ctx) => {
    const name = collName(body, 'insert');
    const docs = docsOf(body, 'documents');
    const { coll } = ctx.engine.ensureCollection(ctx.db, name);
    let n = 0;
    // documents were just deserialized from the socket, so nothing else references them: no defensive copy needed
    const writeErrors = runStatements(docs, body.ordered !== false, (doc) => {
      if (!isPlainObject(doc)) fail(ErrorCodes.TypeMismatch, 'document to insert must be an object');
      coll.insert(withIdFirst(doc));
      n++;
    });
    return finish({ n }, writeErrors);
  },

  update: (body, ctx) => {
    const name = collName(body, 'update');
    const statements = docsOf(body, 'updates');
    let n = 0;
    let nModified = 0;
    const upserted: Doc[] = [];
    const variables = queryOptions(body).variables;
    const writeErrors = runStatements(statements, body.ordered !== false, (st, index) => {
      const out = performUpdate(ctx, name, st as unknown as UpdateStatement, variables);
      n += out.matched;
      nModified += out.modified;
      if (out.upsertedId !== undefined) {
        n += 1;
        upserted.push({ index, _id: out.upsertedId });
      }
    });
    const reply: Doc = { n, nModified };
    if (upserted.length) reply.upserted = upserted;
    return finish(reply, writeErrors);
  },

  delete: (body, ctx) => {
    const name = collName(body, 'delete');
    const statements = docsOf(body, 'deletes');
    const coll = ctx.engine.collection(ctx.db, name);
    let n = 0;
    const writeErrors = runStatements(statements, body.ordered !== false, (st) => {
      const limit = toInt(st.limit);
      if (limit !== 0 && limit !== 1)
        fail(ErrorCodes.FailedToParse, `The limit field in delete objects must be 0 or 1. Got ${limit}`);
      if (!coll) return;
      const matches = coll.find(
        (st.q ?? {}) as Doc,
        { collation: st.collation as CollationSpec | undefined },
        limit,
      );
      for (const doc of matches) if (coll.remove(doc)) n++;
    });
    return finish({ n }, writeErrors);
  },
};
