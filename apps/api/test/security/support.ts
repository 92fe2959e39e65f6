// Shared machinery for the contract-driven security suites: walk the root router, call a route, dump the database.
import type { Express } from 'express';
import type { Server } from 'node:http';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract } from '@cx/contracts';
import mongoose from 'mongoose';
import request from 'supertest';
import { drainBackground } from '../../src/lib/background';
import { makePng } from '../factories';

export interface ContractRoute {
  /** Dotted key in the root router, e.g. "stores.get". */
  key: string;
  route: AppRoute;
  isPublic: boolean;
}

/** Every route of the root router (nested routers included), in declaration order. */
export function contractRoutes(router: AppRouter = contract, prefix = ''): ContractRoute[] {
  return Object.entries(router).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    if (isAppRoute(value)) {
      const isPublic = (value.metadata as { public?: boolean } | undefined)?.public === true;
      return [{ key, route: value, isPublic }];
    }
    return contractRoutes(value, key);
  });
}

/** What one call sends: path params, query, body (JSON, or multipart fields plus a PNG file). */
export interface Aim {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Multipart routes: the file field to attach a valid PNG to. */
  file?: string;
  /** Multipart routes: a file of given content instead (e.g. a CSV). */
  upload?: { field: string; content: string; filename: string };
  /** Raw header overrides (e.g. a crafted Content-Type). */
  headers?: Record<string, string>;
}

/** A path value starting with this is put in the URL as it is (to send malformed percent-encoding). */
export const RAW_PATH = 'raw:';

function encodePathValue(value: string): string {
  if (value.startsWith(RAW_PATH)) return value.slice(RAW_PATH.length);
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded: send the bytes Node would put on the wire for it.
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

export function pathFor(route: AppRoute, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${route.path}`);
    return encodePathValue(value);
  });
}

const isMultipart = (route: AppRoute) =>
  'contentType' in route && route.contentType === 'multipart/form-data';

/** One supertest request for a route; token undefined sends no Authorization header. */
export function callRoute(app: Express | Server, route: AppRoute, aim: Aim, token?: string): request.Test {
  const agent = request(app);
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = agent[method](pathFor(route, aim.params));
  if (token !== undefined) req = req.set('Authorization', `Bearer ${token}`);
  for (const [k, v] of Object.entries(aim.headers ?? {})) req = req.set(k, v);
  if (aim.query) req = req.query(aim.query as Record<string, string>);
  if (isMultipart(route)) {
    for (const [k, v] of Object.entries((aim.body ?? {}) as Record<string, unknown>)) {
      req = req.field(k, typeof v === 'string' ? v : JSON.stringify(v));
    }
    if (aim.file) req = req.attach(aim.file, makePng(), 'photo.png');
    if (aim.upload) req = req.attach(aim.upload.field, Buffer.from(aim.upload.content), aim.upload.filename);
  } else if (aim.body !== undefined && route.method !== 'GET') {
    req = req.send(aim.body as object);
  }
  return req;
}

export type DbDump = Record<string, string[]>;

/** Every document of every collection as canonical extended JSON, sorted, so two dumps compare with toEqual. */
export async function dumpDb(): Promise<DbDump> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('MongoDB is not connected');
  const out: DbDump = {};
  const collections = (await db.collections()).sort((a, b) =>
    a.collectionName.localeCompare(b.collectionName),
  );
  // All reads at once: some forty collections, most empty, cost forty round trips one after another.
  const docs = await Promise.all(collections.map((coll) => coll.find({}).toArray()));
  collections.forEach((coll, i) => {
    const lines = docs[i]!.map((d) => mongoose.mongo.BSON.EJSON.stringify(d, { relaxed: false })).sort();
    if (lines.length) out[coll.collectionName] = lines;
  });
  return out;
}

/**
 * The database read once per check instead of twice: each check's dump is compared with the one before it (the dump
 * the previous check ended with, or the first one) and becomes the next check's "before". Work a request left running
 * in the background is waited for first, so it lands in the check of the request that started it.
 */
export function dumpChain(): {
  start: () => Promise<void>;
  next: () => Promise<{ before: DbDump; after: DbDump }>;
} {
  let last: DbDump | undefined;
  const settled = async () => {
    await drainBackground(30_000);
    return dumpDb();
  };
  return {
    start: async () => {
      last = await settled();
    },
    next: async () => {
      if (!last) throw new Error('dumpChain: start() was not awaited (call it in beforeAll)');
      const before = last;
      const after = await settled();
      last = after;
      return { before, after };
    },
  };
}

/**
 * The dump without everything that belongs to the given user: documents mentioning the id, and transitively
 * documents mentioning those (a GridFS chunk names its file, the file names its owner).
 */
export function withoutOwner(dump: DbDump, businessId: string): DbDump {
  const marks = new Set([businessId]);
  const all = Object.values(dump).flat();
  const idOf = (line: string) => /"_id":\{"\$oid":"([0-9a-f]{24})"\}/.exec(line)?.[1];
  let grew = true;
  while (grew) {
    grew = false;
    for (const line of all) {
      const id = idOf(line);
      if (!id || marks.has(id)) continue;
      if ([...marks].some((m) => line.includes(m))) {
        marks.add(id);
        grew = true;
      }
    }
  }
  const out: DbDump = {};
  for (const [name, lines] of Object.entries(dump)) {
    const kept = lines.filter((l) => ![...marks].some((m) => l.includes(m)));
    if (kept.length) out[name] = kept;
  }
  return out;
}
