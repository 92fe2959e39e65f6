// Shared command plumbing: handler signature, collection-name parsing and cursor batch building.
import { Long, calculateObjectSize } from 'bson';
import { toInt } from '../bson-util';
import type { CollationSpec } from '../compare';
import type { Engine } from '../engine';
import { ErrorCodes, fail, notSupported } from '../errors';
import type { Doc } from '../errors';
import type { QueryOptions } from '../query';

export interface CommandContext {
  engine: Engine;
  db: string;
  connectionId: number;
}

export type Handler = (body: Doc, ctx: CommandContext) => Doc;

export function collName(body: Doc, cmd: string): string {
  const v = body[cmd];
  if (typeof v !== 'string' || v === '')
    fail(ErrorCodes.InvalidNamespace, `collection name has invalid type ${typeof v}`);
  return v;
}

export function queryOptions(body: Doc): QueryOptions {
  const out: QueryOptions = {};
  if (body.collation && typeof body.collation === 'object') out.collation = body.collation as CollationSpec;
  if (body.let && typeof body.let === 'object') out.variables = body.let as Doc;
  return out;
}

/** Rejects options whose semantics we do not implement, instead of silently returning wrong results. */
export function refuseOptions(body: Doc, names: string[], cmd: string): void {
  for (const n of names) if (body[n] !== undefined && body[n] !== false) notSupported(`${cmd} option '${n}'`);
}

// Leave headroom below maxBsonObjectSize for the reply envelope.
const BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;
const DEFAULT_FIRST_BATCH = 101;

/**
 * BSON sizes of documents already measured. A stored version never changes in place (updates copy what they write),
 * so a document that every request reads (a store, a business's rules) is measured once, not on every reply.
 */
const sizes = new WeakMap<Doc, number>();

function sizeOf(d: Doc): number {
  let size = sizes.get(d);
  if (size === undefined) sizes.set(d, (size = calculateObjectSize(d, { ignoreUndefined: true })));
  return size;
}

/** Takes up to `max` docs from `pos`, stopping early so the reply stays under the BSON size limit. */
export function takeBatch(docs: Doc[], pos: number, max: number): Doc[] {
  const limit = max > 0 ? max : Number.MAX_SAFE_INTEGER;
  // the first document always goes, so a batch of one (every findOne) needs no measuring at all
  if (Math.min(docs.length - pos, limit) <= 1) return docs.slice(pos, pos + 1);
  const out: Doc[] = [];
  let bytes = 0;
  for (let i = pos; i < docs.length && out.length < limit; i++) {
    const d = docs[i] as Doc;
    const size = sizeOf(d);
    if (out.length > 0 && bytes + size > BATCH_BYTES) break;
    bytes += size;
    out.push(d);
  }
  return out;
}

export function cursorReply(
  ctx: CommandContext,
  ns: string,
  docs: Doc[],
  body: Doc,
  singleBatch = false,
): Doc {
  const cursorOpts = (body.cursor ?? {}) as Doc;
  const requested = body.batchSize ?? cursorOpts.batchSize;
  const batchSize = requested === undefined ? DEFAULT_FIRST_BATCH : toInt(requested);
  const firstBatch = requested !== undefined && batchSize === 0 ? [] : takeBatch(docs, 0, batchSize);
  const id = singleBatch ? Long.ZERO : ctx.engine.openCursor(ns, docs, firstBatch.length);
  return { cursor: { firstBatch, id, ns }, ok: 1 };
}
