// Namespace and index administration: create/drop, listCollections/listDatabases, createIndexes/listIndexes/dropIndexes, stats.
import { calculateObjectSize } from 'bson';
import { isPlainObject } from '../bson-util';
import { ErrorCodes, fail, notSupported } from '../errors';
import type { Doc } from '../errors';
import { ID_INDEX } from '../collection';
import { compileFilter } from '../query';
import type { CommandContext, Handler } from './context';
import { collName, cursorReply } from './context';

const CREATE_UNSUPPORTED = [
  'capped',
  'validator',
  'viewOn',
  'pipeline',
  'timeseries',
  'clusteredIndex',
  'collation',
  'changeStreamPreAndPostImages',
  'expireAfterSeconds',
];

function requireCollection(ctx: CommandContext, name: string) {
  const coll = ctx.engine.collection(ctx.db, name);
  if (!coll) fail(ErrorCodes.NamespaceNotFound, `ns does not exist: ${ctx.db}.${name}`);
  return coll;
}

function dataSize(ctx: CommandContext, name: string): number {
  let bytes = 0;
  for (const d of ctx.engine.collection(ctx.db, name)?.all() ?? []) bytes += calculateObjectSize(d);
  return bytes;
}

export const adminCommands: Record<string, Handler> = {
  create: (body, ctx) => {
    const name = collName(body, 'create');
    for (const opt of CREATE_UNSUPPORTED) {
      if (body[opt] !== undefined && body[opt] !== false && body[opt] !== null)
        notSupported(`create option '${opt}'`);
    }
    if (ctx.engine.collection(ctx.db, name))
      fail(ErrorCodes.NamespaceExists, `Collection ${ctx.db}.${name} already exists.`);
    ctx.engine.ensureCollection(ctx.db, name);
    return { ok: 1 };
  },

  drop: (body, ctx) => {
    const name = collName(body, 'drop');
    const dropped = ctx.engine.dropCollection(ctx.db, name);
    // mongod < 7 answered NamespaceNotFound here; drivers (and mongoose) treat code 26 on drop as success
    if (!dropped) fail(ErrorCodes.NamespaceNotFound, 'ns not found');
    return { nIndexesWas: dropped.indexSpecs().length, ns: dropped.ns, ok: 1 };
  },

  dropdatabase: (_body, ctx) => {
    ctx.engine.dropDatabase(ctx.db);
    return { dropped: ctx.db, ok: 1 };
  },

  listcollections: (body, ctx) => {
    const nameOnly = body.nameOnly === true;
    let entries: Doc[] = ctx.engine.collections(ctx.db).map((c) =>
      nameOnly
        ? { name: c.name, type: 'collection' }
        : {
            name: c.name,
            type: 'collection',
            options: c.options,
            info: { readOnly: false, uuid: c.uuid },
            idIndex: ID_INDEX,
          },
    );
    if (isPlainObject(body.filter) && Object.keys(body.filter).length) {
      const m = compileFilter(body.filter);
      entries = entries.filter((e) => m.test(e));
    }
    return cursorReply(ctx, `${ctx.db}.$cmd.listCollections`, entries, body);
  },

  listdatabases: (body, ctx) => {
    const databases = [...ctx.engine.dbs.keys()].map((name) => {
      const size = ctx.engine
        .collections(name)
        .reduce((n, c) => n + dataSize({ ...ctx, db: name }, c.name), 0);
      return body.nameOnly ? { name } : { name, sizeOnDisk: size, empty: size === 0 };
    });
    let filtered: Doc[] = databases;
    if (isPlainObject(body.filter) && Object.keys(body.filter).length) {
      const m = compileFilter(body.filter);
      filtered = databases.filter((d) => m.test(d));
    }
    const totalSize = filtered.reduce((n, d) => n + (typeof d.sizeOnDisk === 'number' ? d.sizeOnDisk : 0), 0);
    return body.nameOnly
      ? { databases: filtered, ok: 1 }
      : { databases: filtered, totalSize, totalSizeMb: Math.floor(totalSize / 1048576), ok: 1 };
  },

  createindexes: (body, ctx) => {
    const name = collName(body, 'createIndexes');
    if (!Array.isArray(body.indexes) || body.indexes.length === 0)
      fail(ErrorCodes.BadValue, 'Must specify at least one index to create');
    const { coll, created } = ctx.engine.ensureCollection(ctx.db, name);
    const before = coll.indexSpecs().length;
    let createdAny = false;
    for (const spec of body.indexes) createdAny = coll.createIndex(spec) || createdAny;
    const reply: Doc = {
      numIndexesBefore: before,
      numIndexesAfter: coll.indexSpecs().length,
      createdCollectionAutomatically: created,
      ok: 1,
    };
    if (!createdAny) reply.note = 'all indexes already exist';
    return reply;
  },

  listindexes: (body, ctx) => {
    const name = collName(body, 'listIndexes');
    const coll = requireCollection(ctx, name);
    return cursorReply(
      ctx,
      `${ctx.db}.${name}`,
      coll.indexSpecs().map((s) => ({ ...s })),
      body,
    );
  },

  dropindexes: (body, ctx) => {
    const name = collName(body, Object.keys(body)[0] as string);
    const coll = requireCollection(ctx, name);
    const nIndexesWas = coll.indexSpecs().length;
    const which = body.index;
    if (which === '*') coll.dropAllIndexes();
    else if (typeof which === 'string') coll.dropIndex(which);
    else if (Array.isArray(which)) for (const n of which) coll.dropIndex(String(n));
    else if (isPlainObject(which)) coll.dropIndex(coll.indexNameForKey(which));
    else fail(ErrorCodes.TypeMismatch, "BSON field 'dropIndexes.index' is missing but a required field");
    return { nIndexesWas, ok: 1 };
  },

  collstats: (body, ctx) => {
    const name = collName(body, 'collStats');
    const coll = requireCollection(ctx, name);
    const size = dataSize(ctx, name);
    return {
      ns: coll.ns,
      count: coll.size,
      size,
      avgObjSize: coll.size ? Math.round(size / coll.size) : 0,
      storageSize: size,
      nindexes: coll.indexSpecs().length,
      indexSizes: Object.fromEntries(coll.indexSpecs().map((s) => [s.name, 0])),
      totalIndexSize: 0,
      ok: 1,
    };
  },

  dbstats: (_body, ctx) => {
    const colls = ctx.engine.collections(ctx.db);
    const size = colls.reduce((n, c) => n + dataSize(ctx, c.name), 0);
    return {
      db: ctx.db,
      collections: colls.length,
      views: 0,
      objects: colls.reduce((n, c) => n + c.size, 0),
      dataSize: size,
      storageSize: size,
      indexes: colls.reduce((n, c) => n + c.indexSpecs().length, 0),
      ok: 1,
    };
  },
};
