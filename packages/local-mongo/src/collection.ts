// One collection: documents keyed by canonical _id, its indexes, write paths that keep indexes consistent, and the lookup planner.
import { UUID } from 'bson';
import { formatValue } from './bson-util';
import { canonicalKey } from './compare';
import { ErrorCodes, fail } from './errors';
import type { Doc } from './errors';
import type { IndexSpec, LookupPlan } from './indexes';
import { Index, idDuplicateError, normalizeSpec } from './indexes';
import { residualFilter, walkedResidual } from './implied';
import { getPathValues } from './paths';
import type { FieldBounds, TupleKey } from './ordered-index';
import { OrderedKeys, RankEdge } from './ordered-index';
import type { WalkPlan } from './planner';
import { extractBounds, rangePlan, sameSortGroup, simpleCollation, sortPlan } from './planner';
import type { Matcher, QueryOptions } from './query';
import { compileFilter, extractEqualities, sortDocs, sortSpec } from './query';

interface Entry {
  doc: Doc;
  seq: number;
}

/** A multikey index is never walked in order: its sorted keys are not kept (a clear may make it walkable again). */
function dropIfMultikey(index: Index): void {
  if (index.multikey) index.ordered = undefined;
}

/** typeRank of a Date: the TTL walk covers that bracket only (other values never expire). */
const DATE_RANK = 10;

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

export class Collection {
  readonly db: string;
  readonly name: string;
  readonly uuid = new UUID();
  readonly options: Doc;
  private readonly entries = new Map<string, Entry>();
  private readonly indexes = new Map<string, Index>();
  private seq = 0;
  /** Documents examined by the most recent find(); lets tests prove that indexed equality does not scan. */
  lastExamined = 0;
  /** The filter the most recent find() checked each document against: what its lookup or walk left to check. */
  lastChecked: Doc | undefined;
  /** The fields the last candidates() looked up by full keys of a single-valued index (see implied.ts). */
  private lastKeyed: readonly string[] | undefined;
  /** The last candidates()' index walk, when it answered them: the fields it fixed and the one it ranged over. */
  private lastWalked: { prefix: readonly string[]; ranged: string } | undefined;

  constructor(db: string, name: string, options: Doc = {}) {
    this.db = db;
    this.name = name;
    this.options = options;
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.entries.size;
  }

  *all(): IterableIterator<Doc> {
    for (const e of this.entries.values()) yield e.doc;
  }

  getById(id: unknown): Doc | undefined {
    return this.entries.get(canonicalKey(id))?.doc;
  }

  indexSpecs(): IndexSpec[] {
    return [ID_INDEX, ...[...this.indexes.values()].map((i) => i.spec)];
  }

  secondaryIndexes(): Index[] {
    return [...this.indexes.values()];
  }

  /** The indexes holding every document `filter` may match (complete ones, and partial ones it implies). */
  private usableIndexes(filter: Doc): Index[] {
    return this.secondaryIndexes().filter((index) => index.covers(filter));
  }

  /** Stores a document that already carries its _id. Nothing is written unless every unique index accepts it. */
  insert(doc: Doc): void {
    const id = doc._id;
    if (Array.isArray(id)) fail(ErrorCodes.BadValue, `The '_id' value cannot be of type array`);
    if (id instanceof RegExp) fail(ErrorCodes.BadValue, `can't use a regex for _id`);
    const idKey = canonicalKey(id);
    if (this.entries.has(idKey)) throw idDuplicateError(this.ns, id);
    const keys = new Map<Index, string[]>();
    for (const index of this.indexes.values()) {
      const k = index.keysFor(doc);
      const clash = index.findConflict(k, idKey);
      if (clash !== undefined) throw index.duplicateError(this.ns, doc, clash);
      keys.set(index, k);
    }
    const seq = this.seq++;
    for (const [index, k] of keys) {
      index.add(idKey, k);
      index.ordered?.add(index.tuplesFor(doc), seq, idKey);
      dropIfMultikey(index);
    }
    this.entries.set(idKey, { doc, seq });
  }

  /** Swaps in an updated version of a stored document (same _id); refused without side effects on a unique clash. */
  replace(oldDoc: Doc, newDoc: Doc): void {
    const idKey = canonicalKey(oldDoc._id);
    const entry = this.entries.get(idKey);
    if (!entry) fail(ErrorCodes.BadValue, `document ${formatValue(oldDoc._id)} vanished during update`);
    const changes: Array<[Index, string[], string[]]> = [];
    for (const index of this.indexes.values()) {
      // an update shares the fields it left alone with the stored version: keys under them cannot have changed
      if (!index.keysMayDiffer(oldDoc, newDoc)) continue;
      const before = index.keysFor(oldDoc);
      const after = index.keysFor(newDoc);
      const clash = index.findConflict(after, idKey);
      if (clash !== undefined) throw index.duplicateError(this.ns, newDoc, clash);
      changes.push([index, before, after]);
    }
    for (const [index, before, after] of changes) {
      // most updates leave the indexed fields alone ($inc of a counter): nothing to move in that index
      if (before.length === after.length && before.every((k, i) => k === after[i])) continue;
      index.move(idKey, before, after);
      index.ordered?.remove(index.tuplesFor(oldDoc), entry.seq);
      index.ordered?.add(index.tuplesFor(newDoc), entry.seq, idKey);
      dropIfMultikey(index);
    }
    entry.doc = newDoc;
  }

  remove(doc: Doc): boolean {
    const idKey = canonicalKey(doc._id);
    const entry = this.entries.get(idKey);
    if (!entry) return false;
    for (const index of this.indexes.values()) {
      index.remove(idKey, index.keysFor(entry.doc));
      index.ordered?.remove(index.tuplesFor(entry.doc), entry.seq);
    }
    this.entries.delete(idKey);
    return true;
  }

  clear(): number {
    const n = this.entries.size;
    this.entries.clear();
    for (const index of this.indexes.values()) {
      index.entries.clear();
      index.leading.clear();
      index.byLead.clear();
      index.ordered?.clear();
      index.multikey = false;
    }
    return n;
  }

  /**
   * Documents that may match `filter`, in natural order. Equality on _id, on every field of a complete index, or on
   * the leading field of a complete compound index is answered from the index maps (the smallest candidate set wins,
   * as mongod's planner would pick the most selective index); an equality prefix plus a range on the next field of a
   * single-valued index is answered by walking its sorted keys when that yields fewer; anything else is a scan.
   */
  candidates(filter: Doc, opts: QueryOptions = {}): Doc[] | IterableIterator<Doc> {
    if (opts.collation && (opts.collation.strength ?? 3) < 3) return this.all();
    const eq = extractEqualities(filter);
    const ids = eq.get('_id');
    if (ids) return this.ordered(ids.map((v) => this.entries.get(canonicalKey(v))));
    const usable = this.usableIndexes(filter);
    const hash = eq.size ? this.hashPlan(eq, usable) : undefined;
    const plan = simpleCollation(opts.collation) ? rangePlan(usable, eq, extractBounds(filter)) : undefined;
    if (plan) {
      // a walkable index is single-valued: each document has one key, so a walk meets it at most once
      const found: Entry[] = [];
      const budget = hash?.size ?? this.entries.size;
      this.walk(plan, (_key, idKey) => found.push(this.entries.get(idKey) as Entry) <= budget);
      if (found.length <= budget) {
        // every prefix holds one value per field (a walk of several prefixes re-checks its equality clauses)
        if (plan.prefixes.length === 1) {
          const k = plan.prefixes[0]!.length;
          this.lastWalked = { prefix: plan.index.fields.slice(0, k), ranged: plan.index.fields[k]! };
        }
        // index order is often natural order or its reverse (dates, counters): one cheap run for the sort
        if (found.length > 1) found.sort((a, b) => a.seq - b.seq);
        return found.map((e) => e.doc);
      }
    }
    if (!hash) return this.all();
    if (hash.keyed && simpleCollation(opts.collation)) this.lastKeyed = hash.keyed;
    return this.lookedUp(hash);
  }

  /** The most selective equality lookup: its size (without copying id sets) and how to run it. */
  private hashPlan(eq: Map<string, unknown[]>, usable: Index[]): LookupPlan | undefined {
    let best: LookupPlan | undefined;
    for (const index of usable) {
      // sized and run from the same key reads (a dashboard's 300 stores × 2 metrics × 14 days is 8,400 of them)
      const plan = index.lookupPlan(eq);
      if (plan && (!best || plan.size < best.size)) best = plan;
      if (best && best.size <= 1) break;
    }
    return best;
  }

  /** Index name → how many sorted keys it keeps (none until built), for tests. */
  sortedKeyCounts(): Record<string, number | undefined> {
    return Object.fromEntries([...this.indexes.values()].map((i) => [i.name, i.ordered?.size]));
  }

  /**
   * Index entries of a walk plan, every equality prefix in turn, to `visit` until it answers false; builds sorted
   * keys dropped after a clear.
   */
  private walk(plan: WalkPlan, visit: (key: TupleKey, idKey: string) => boolean): void {
    const index = plan.index;
    if (!index.ordered) {
      index.ordered = new OrderedKeys(index.dirs);
      for (const [idKey, e] of this.entries) index.ordered.add(index.tuplesFor(e.doc), e.seq, idKey);
    }
    let going = true;
    for (const prefix of plan.prefixes) {
      index.ordered.walk(prefix, plan.bounds, plan.reverse, (key, idKey) => (going = visit(key, idKey)));
      if (!going) return;
    }
  }

  /**
   * Sort + limit from an index walk in sort order (mongod's non-blocking sort): stops once `need` documents matched
   * and the last one's tie group (on the sort fields the index provides) is complete, then orders those exactly as
   * a full sort would. Undefined when no index gives the sort, or the walk would examine more than a lookup.
   */
  findSorted(filter: Doc, opts: QueryOptions, sort: Doc, need: number): Doc[] | undefined {
    if (need <= 0 || !simpleCollation(opts.collation)) return undefined;
    const keys = sortSpec(sort);
    const eq = extractEqualities(filter);
    if (eq.has('_id')) return undefined;
    const usable = this.usableIndexes(filter);
    const plan = sortPlan(usable, eq, extractBounds(filter), keys);
    if (!plan || plan.prefixes.length !== 1) return undefined;
    const matcher = compileFilter(filter, opts);
    const budget = eq.size ? (this.hashPlan(eq, usable)?.size ?? this.entries.size) : this.entries.size;
    const k = plan.prefixes[0]!.length;
    const out: Entry[] = [];
    let examined = 0;
    let boundary: TupleKey | undefined;
    let overBudget = false;
    this.walk(plan, (key, idKey) => {
      if (boundary && !sameSortGroup(key, boundary, k, plan.provided)) return false;
      if (++examined > budget) return !(overBudget = true);
      const entry = this.entries.get(idKey) as Entry;
      if (!matcher.test(entry.doc)) return true;
      out.push(entry);
      if (!boundary && out.length >= need) boundary = key;
      return true;
    });
    if (overBudget) return undefined;
    this.lastExamined = examined;
    out.sort((a, b) => a.seq - b.seq);
    return sortDocs(
      out.map((e) => e.doc),
      sort,
    );
  }

  /** The documents of a lookup's id sets in natural order (each once: disjoint sets need no union). */
  private lookedUp(plan: LookupPlan): Doc[] {
    if (!plan.disjoint) return this.ordered([...plan.run()].map((idKey) => this.entries.get(idKey)));
    const found: Entry[] = [];
    for (const ids of plan.sets)
      for (const idKey of ids) {
        const entry = this.entries.get(idKey);
        if (entry) found.push(entry);
      }
    if (found.length > 1) found.sort((a, b) => a.seq - b.seq);
    return found.map((e) => e.doc);
  }

  private ordered(found: Array<Entry | undefined>): Doc[] {
    const unique = [...new Set(found.filter((e): e is Entry => e !== undefined))];
    if (unique.length > 1) unique.sort((a, b) => a.seq - b.seq);
    return unique.map((e) => e.doc);
  }

  /** Matching documents in natural order (stored references — callers must not mutate them). */
  find(filter: Doc, opts: QueryOptions = {}, limit = 0): Doc[] {
    let matcher: Matcher = compileFilter(filter, opts);
    const out: Doc[] = [];
    let examined = 0;
    this.lastKeyed = undefined;
    this.lastWalked = undefined;
    const found = this.candidates(matcher.filter, opts);
    // the clauses the lookup's full keys or the index walk answered are not checked again per document
    const walked = this.lastWalked as { prefix: readonly string[]; ranged: string } | undefined;
    const residual = walked
      ? walkedResidual(matcher.filter, walked.prefix, walked.ranged)
      : this.lastKeyed && residualFilter(matcher.filter, this.lastKeyed);
    if (residual) matcher = compileFilter(residual, opts);
    this.lastChecked = matcher.filter;
    for (const doc of found) {
      examined++;
      if (!matcher.test(doc)) continue;
      out.push(doc);
      if (limit > 0 && out.length >= limit) break;
    }
    this.lastExamined = examined;
    return out;
  }

  /** @returns the stored spec and whether it was newly created */
  createIndex(raw: unknown): boolean {
    const spec = normalizeSpec(raw);
    const sameKey = (a: Doc, b: Doc): boolean => canonicalKey(a) === canonicalKey(b);
    if (spec.name === '_id_' || sameKey(spec.key, ID_INDEX.key)) {
      if (spec.name !== '_id_' || !sameKey(spec.key, ID_INDEX.key) || spec.unique === false) {
        fail(
          ErrorCodes.IndexOptionsConflict,
          `Index with name: ${spec.name} already exists with a different name or options`,
        );
      }
      return false;
    }
    for (const existing of this.indexes.values()) {
      const same = sameKey(existing.spec.key, spec.key);
      if (existing.name === spec.name && !same) {
        fail(
          ErrorCodes.IndexKeySpecsConflict,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${formatValue(spec)}, existing index: ${formatValue(existing.spec)}`,
        );
      }
      if (same) {
        const optsEqual =
          canonicalKey({ ...existing.spec, name: '' }) === canonicalKey({ ...spec, name: '' });
        if (existing.name === spec.name && optsEqual) return false;
        if (existing.name !== spec.name && optsEqual)
          fail(
            ErrorCodes.IndexOptionsConflict,
            `Index already exists with a different name: ${existing.name}`,
          );
        if (existing.name === spec.name)
          fail(
            ErrorCodes.IndexOptionsConflict,
            `An equivalent index already exists with the same name but different options. Requested index: ${formatValue(spec)}, existing index: ${formatValue(existing.spec)}`,
          );
      }
    }
    const index = new Index(spec);
    // sorted keys from the start, kept in step with every write, as mongod keeps its B-trees: a query never stops
    // the engine to sort a million keys (long enough for a driver's monitor to give up on the server)
    if (index.walkable) index.ordered = new OrderedKeys(index.dirs);
    for (const e of this.entries.values()) {
      const idKey = canonicalKey(e.doc._id);
      const keys = index.keysFor(e.doc);
      const clash = index.findConflict(keys, idKey);
      if (clash !== undefined) throw index.duplicateError(this.ns, e.doc, clash);
      index.add(idKey, keys);
      index.ordered?.add(index.tuplesFor(e.doc), e.seq, idKey);
    }
    dropIfMultikey(index);
    this.indexes.set(spec.name, index);
    return true;
  }

  dropIndex(name: string): void {
    if (name === '_id_') fail(ErrorCodes.InvalidOptions, 'cannot drop _id index');
    if (!this.indexes.delete(name)) fail(ErrorCodes.IndexNotFound, `index not found with name [${name}]`);
  }

  indexNameForKey(key: Doc): string {
    if (canonicalKey(key) === canonicalKey(ID_INDEX.key)) return '_id_';
    for (const i of this.indexes.values()) if (canonicalKey(i.spec.key) === canonicalKey(key)) return i.name;
    fail(ErrorCodes.IndexNotFound, `can't find index with key: ${formatValue(key)}`);
  }

  dropAllIndexes(): void {
    this.indexes.clear();
  }

  /** Removes documents whose TTL-indexed date is older than expireAfterSeconds; returns how many. */
  expire(now: number): number {
    let removed = 0;
    for (const index of this.indexes.values()) {
      const ttl = index.ttlSeconds;
      if (ttl === undefined) continue;
      for (const doc of this.expiredBy(index, now - ttl * 1000)) if (this.remove(doc)) removed++;
    }
    return removed;
  }

  /**
   * Documents whose earliest date in a TTL index's field is at or before `cutoff`. A complete single-valued index
   * walks its sorted keys over the dates up to the cutoff (as mongod's TTL monitor uses the index), so a sweep
   * touches only what expires; otherwise every document is read.
   */
  private expiredBy(index: Index, cutoff: number): Doc[] {
    if (index.ordered && index.complete) {
      const found: Doc[] = [];
      const bounds: FieldBounds = {
        lo: new RankEdge(DATE_RANK, false),
        loInclusive: true,
        hi: new Date(cutoff),
        hiInclusive: true,
      };
      index.ordered.walk([], bounds, false, (_key, idKey) => found.push(this.entries.get(idKey)!.doc) > 0);
      return found;
    }
    const field = index.fields[0] as string;
    return [...this.all()].filter((doc) => {
      const dates = getPathValues(doc, field).filter((v): v is Date => v instanceof Date);
      return dates.length > 0 && Math.min(...dates.map((d) => d.getTime())) <= cutoff;
    });
  }
}
