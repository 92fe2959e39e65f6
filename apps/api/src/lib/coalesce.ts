// Group commit for unordered bulk writes: what callers send to one collection while its last write is on the wire goes out together next.
import type { AnyBulkWriteOperation } from 'mongoose';

/** The part of a mongoose model a coalesced write needs (called by name at flush time, so test spies still see it). */
export interface BulkWriter {
  bulkWrite(ops: AnyBulkWriteOperation[], options: { ordered: false }): Promise<unknown>;
}

interface Waiting {
  ops: AnyBulkWriteOperation[];
  resolve(): void;
  reject(err: unknown): void;
}

interface Queue {
  waiting: Waiting[];
  busy: boolean;
}

interface WriteErrorLike {
  index?: number;
  code?: number;
  errmsg?: string;
  err?: { code?: number; errmsg?: string; index?: number };
}

/** At most this many operations in one command (far below the server's 100,000-operation batch limit). */
const MAX_OPS = 1000;
const queues = new WeakMap<BulkWriter, Queue>();

const indexOf = (e: WriteErrorLike) => e.index ?? e.err?.index ?? -1;

/**
 * Sends `ops` (unordered: each stands alone) in one bulkWrite with whatever other callers queued for the same model
 * meanwhile. An idle collection is written at once (the next turn of the event loop); a busy one collects the
 * operations that arrive while its write is on the wire and sends them as one, so a burst of N submits costs a few
 * round trips instead of N. Each caller's promise settles with its own operations: it rejects with a bulk write error
 * that lists only its failed ones (indexes its own), or with the error of a command that failed as a whole.
 */
export function coalescedBulkWrite(model: BulkWriter, ops: AnyBulkWriteOperation[]): Promise<void> {
  if (ops.length === 0) return Promise.resolve();
  let queue = queues.get(model);
  if (!queue) queues.set(model, (queue = { waiting: [], busy: false }));
  const q = queue;
  return new Promise<void>((resolve, reject) => {
    q.waiting.push({ ops, resolve, reject });
    if (q.busy) return;
    q.busy = true;
    setImmediate(() => void flush(model, q));
  });
}

async function flush(model: BulkWriter, q: Queue): Promise<void> {
  const batch: Waiting[] = [];
  let count = 0;
  while (q.waiting.length > 0 && (batch.length === 0 || count + q.waiting[0]!.ops.length <= MAX_OPS)) {
    const next = q.waiting.shift()!;
    batch.push(next);
    count += next.ops.length;
  }
  try {
    await model.bulkWrite(
      batch.flatMap((w) => w.ops),
      { ordered: false },
    );
    for (const w of batch) w.resolve();
  } catch (err) {
    settleFailed(batch, err);
  } finally {
    if (q.waiting.length > 0) setImmediate(() => void flush(model, q));
    else q.busy = false;
  }
}

/** Hands each caller the write errors of its own operations (re-indexed); a command that failed as a whole fails all. */
function settleFailed(batch: Waiting[], err: unknown): void {
  const raw = (err as { writeErrors?: WriteErrorLike[] | WriteErrorLike } | null)?.writeErrors;
  const errors = Array.isArray(raw) ? raw : raw ? [raw] : [];
  if (errors.length === 0 || errors.some((e) => indexOf(e) < 0)) {
    for (const w of batch) w.reject(err);
    return;
  }
  let start = 0;
  for (const w of batch) {
    const end = start + w.ops.length;
    const mine = errors
      .filter((e) => indexOf(e) >= start && indexOf(e) < end)
      .map((e) => ({
        index: indexOf(e) - start,
        code: e.code ?? e.err?.code,
        errmsg: e.errmsg ?? e.err?.errmsg,
      }));
    if (mine.length === 0) w.resolve();
    else {
      const own = Object.assign(new Error(mine[0]!.errmsg ?? 'bulk write failed'), {
        name: 'MongoBulkWriteError',
        code: mine[0]!.code,
        writeErrors: mine,
      });
      w.reject(own);
    }
    start = end;
  }
}

interface ReadSlot {
  /** The read on the wire, if any. */
  running: boolean;
  /** Callers waiting for the next read (it starts after they asked, so none gets an answer older than its call). */
  next: Array<{ resolve(v: unknown): void; reject(e: unknown): void }>;
  read: () => Promise<unknown>;
}

const reads = new Map<string, ReadSlot>();

/**
 * One read for every caller of the same `key` (the same query) that asks while the last one is unanswered: an idle
 * key is read on the next turn of the event loop, with everyone who asked by then; callers that ask while it is on the
 * wire share the read that follows it. Every answer therefore comes from a read that began after its caller asked
 * (never a stale joined one), and a burst of N identical reads costs two round trips. The answer is shared: callers
 * must treat it as read-only.
 */
export function coalescedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  let slot = reads.get(key);
  if (!slot) reads.set(key, (slot = { running: false, next: [], read }));
  const s = slot;
  return new Promise<T>((resolve, reject) => {
    s.next.push({ resolve: resolve as (v: unknown) => void, reject });
    if (s.next.length === 1 && !s.running) setImmediate(() => void readNow(key, s));
  });
}

async function readNow(key: string, s: ReadSlot): Promise<void> {
  const waiting = s.next.splice(0, s.next.length);
  s.running = true;
  try {
    const value = await s.read();
    for (const w of waiting) w.resolve(value);
  } catch (err) {
    for (const w of waiting) w.reject(err);
  } finally {
    s.running = false;
    if (s.next.length > 0) setImmediate(() => void readNow(key, s));
    else reads.delete(key);
  }
}

interface Batch {
  running: boolean;
  next: Array<{ key: string; resolve(v: unknown): void; reject(e: unknown): void }>;
  read: (keys: string[]) => Promise<Map<string, unknown>>;
}

const batches = new Map<string, Batch>();

/**
 * Point reads of one kind shared like coalescedRead, for queries that differ by one key (a person of one store, a
 * counter by id): the keys asked by the callers waiting for the next read are read together by `readMany`, which
 * answers a map by key (a key it leaves out answers null). An idle batch is read on the next turn of the event loop;
 * callers that ask while it is on the wire share the read after it, so every answer comes from a read that began
 * after its caller asked. Answers are shared: callers must treat them as read-only.
 */
export function batchedRead<T>(
  batch: string,
  key: string,
  readMany: (keys: string[]) => Promise<Map<string, T>>,
): Promise<T | null> {
  let slot = batches.get(batch);
  if (!slot) {
    slot = { running: false, next: [], read: readMany as Batch['read'] };
    batches.set(batch, slot);
  }
  const s = slot;
  return new Promise<T | null>((resolve, reject) => {
    s.next.push({ key, resolve: resolve as (v: unknown) => void, reject });
    if (s.next.length === 1 && !s.running) setImmediate(() => void readBatch(batch, s));
  });
}

async function readBatch(name: string, s: Batch): Promise<void> {
  const waiting = s.next.splice(0, s.next.length);
  s.running = true;
  try {
    const found = await s.read([...new Set(waiting.map((w) => w.key))]);
    for (const w of waiting) w.resolve(found.get(w.key) ?? null);
  } catch (err) {
    for (const w of waiting) w.reject(err);
  } finally {
    s.running = false;
    if (s.next.length > 0) setImmediate(() => void readBatch(name, s));
    else batches.delete(name);
  }
}
