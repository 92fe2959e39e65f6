// Engine state shared by all connections: databases → collections, open cursors, and the TTL / idle-cursor sweeper.
import { Long } from 'bson';
import { randomBytes } from 'node:crypto';
import { Collection } from './collection';
import { CommandCounters } from './counters';
import { ErrorCodes, fail } from './errors';
import type { Doc } from './errors';

export interface CursorState {
  id: Long;
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

export interface EngineOptions {
  /** How often TTL indexes are enforced; mongod uses 60 s, tests want something much shorter. */
  ttlIntervalMs?: number;
  /** Cursors idle longer than this are dropped (mongod: 10 minutes). */
  cursorTimeoutMs?: number;
}

const NAME_RE = /^[^/\\. "$*<>:|?\0]+$/;

export class Engine {
  readonly dbs = new Map<string, Map<string, Collection>>();
  private readonly cursors = new Map<string, CursorState>();
  private readonly timer: NodeJS.Timeout;
  private readonly cursorTimeoutMs: number;
  readonly startedAt = Date.now();
  /** What clients sent, for serverStatus (a bench divides them by the requests it made). */
  readonly counters = new CommandCounters();

  constructor(opts: EngineOptions = {}) {
    this.cursorTimeoutMs = opts.cursorTimeoutMs ?? 10 * 60_000;
    this.timer = setInterval(() => this.sweep(), opts.ttlIntervalMs ?? 1000);
    // the sweeper must never keep a test process (or the CLI after SIGINT) alive
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
    this.cursors.clear();
  }

  sweep(now = Date.now()): void {
    for (const colls of this.dbs.values()) for (const c of colls.values()) c.expire(now);
    for (const [k, c] of this.cursors) if (now - c.lastUsed > this.cursorTimeoutMs) this.cursors.delete(k);
  }

  private database(db: string, create: boolean): Map<string, Collection> | undefined {
    let colls = this.dbs.get(db);
    if (!colls && create) {
      if (!NAME_RE.test(db) || db.length > 63)
        fail(ErrorCodes.InvalidNamespace, `Invalid database name: '${db}'`);
      colls = new Map();
      this.dbs.set(db, colls);
    }
    return colls;
  }

  collection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  /** Implicit creation, as mongod does on first write or createIndexes. */
  ensureCollection(db: string, name: string, options: Doc = {}): { coll: Collection; created: boolean } {
    const existing = this.collection(db, name);
    if (existing) return { coll: existing, created: false };
    if (typeof name !== 'string' || name === '' || name.includes('$') || name.includes('\0')) {
      fail(ErrorCodes.InvalidNamespace, `Invalid collection name: ${String(name)}`);
    }
    const colls = this.database(db, true) as Map<string, Collection>;
    const coll = new Collection(db, name, options);
    colls.set(name, coll);
    return { coll, created: true };
  }

  dropCollection(db: string, name: string): Collection | undefined {
    const colls = this.dbs.get(db);
    const coll = colls?.get(name);
    if (!colls || !coll) return undefined;
    colls.delete(name);
    this.killCursorsFor(`${db}.${name}`);
    if (colls.size === 0) this.dbs.delete(db);
    return coll;
  }

  dropDatabase(db: string): boolean {
    for (const name of this.dbs.get(db)?.keys() ?? []) this.killCursorsFor(`${db}.${name}`);
    return this.dbs.delete(db);
  }

  collections(db: string): Collection[] {
    return [...(this.dbs.get(db)?.values() ?? [])];
  }

  private killCursorsFor(ns: string): void {
    for (const [k, c] of this.cursors) if (c.ns === ns) this.cursors.delete(k);
  }

  /** Registers the remainder of a result set and returns the cursor id to hand to the client (0 when exhausted). */
  openCursor(ns: string, docs: Doc[], pos: number): Long {
    if (pos >= docs.length) return Long.ZERO;
    // positive 63-bit id, like mongod; Long keeps it int64 on the wire
    const id = Long.fromBytesLE([...randomBytes(8)]).and(Long.MAX_VALUE);
    const safe = id.isZero() ? Long.ONE : id;
    this.cursors.set(safe.toString(), { id: safe, ns, docs, pos, lastUsed: Date.now() });
    return safe;
  }

  cursor(id: Long): CursorState | undefined {
    return this.cursors.get(id.toString());
  }

  killCursor(id: Long): boolean {
    return this.cursors.delete(id.toString());
  }

  get openCursorCount(): number {
    return this.cursors.size;
  }
}
