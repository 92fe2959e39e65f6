// Secondary index: canonical-key → _id map used both for unique enforcement (E11000) and equality lookups without scans.
import { formatValue, isNumeric, isObjectId, isPlainObject, toNumber } from './bson-util';
import { canonicalKey } from './compare';
import { ErrorCodes, MongoCommandError, fail, notSupported } from './errors';
import type { Doc } from './errors';
import { getPathValues } from './paths';
import type { OrderedKeys } from './ordered-index';
import type { Matcher } from './query';
import { compileFilter } from './query';
import { compileImplication } from './partial';

/**
 * An equality lookup sized from the id sets its keys reach (nothing copied): `sets` are disjoint when the index is
 * single-valued (each document has one key), so a reader can take their ids without a union.
 */
export interface LookupPlan {
  size: number;
  sets: Array<Set<string>>;
  disjoint: boolean;
  /** The index's fields when every one was looked up by full keys (each found document equals a listed value). */
  keyed?: readonly string[];
  run: () => Set<string>;
}

export interface IndexSpec extends Doc {
  v: number;
  key: Doc;
  name: string;
}

// NUL separates compound components; canonical keys of ordinary strings never contain it in practice.
const SEP = '\u0000';
const NULL_PART = `${SEP}N`;
/** Multikey key lists at least this long are remembered per stored document version. */
const CACHED_KEYS = 16;

/** SEP + canonical key of ObjectIds and Dates, kept per value object (they are never changed in place). */
const partKeys = new WeakMap<object, string>();

function keyPart(v: unknown): string {
  if (!(v instanceof Date) && !isObjectId(v)) return SEP + canonicalKey(v);
  let k = partKeys.get(v);
  if (k === undefined) partKeys.set(v, (k = SEP + canonicalKey(v)));
  return k;
}

const ALLOWED_OPTIONS = new Set([
  'v',
  'key',
  'name',
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'background',
  'ns',
  'hidden',
  'default_language',
  'language_override',
  'textIndexVersion',
  'weights',
  'collation',
]);

export function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}

export function normalizeSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw) || !isPlainObject(raw.key) || Object.keys(raw.key).length === 0) {
    fail(ErrorCodes.FailedToParse, "The 'key' field is a required property of an index specification");
  }
  for (const [field, dir] of Object.entries(raw.key)) {
    if (
      dir === 'text' ||
      dir === '2d' ||
      dir === '2dsphere' ||
      dir === 'geoHaystack' ||
      dir === 'wildcard' ||
      field.includes('$**')
    ) {
      notSupported(`${String(dir)} index on '${field}'`);
    }
    if (dir !== 'hashed' && !isNumeric(dir)) {
      fail(
        ErrorCodes.CannotCreateIndex,
        `Values in the index key pattern can contain only numbers or 'hashed'; found ${formatValue(dir)}`,
      );
    }
  }
  if (raw.collation !== undefined) notSupported('index collation');
  for (const k of Object.keys(raw))
    if (!ALLOWED_OPTIONS.has(k))
      fail(ErrorCodes.InvalidOptions, `The field '${k}' is not valid for an index specification.`);
  const name = typeof raw.name === 'string' && raw.name ? raw.name : defaultIndexName(raw.key);
  const spec: IndexSpec = { v: 2, key: raw.key, name };
  for (const opt of [
    'unique',
    'sparse',
    'partialFilterExpression',
    'expireAfterSeconds',
    'hidden',
  ] as const) {
    if (raw[opt] !== undefined) spec[opt] = raw[opt];
  }
  if (spec.unique === false) delete spec.unique;
  if (spec.sparse === false) delete spec.sparse;
  return spec;
}

export class Index {
  readonly spec: IndexSpec;
  readonly fields: string[];
  /** The top-level fields the key fields live under (`a` for `a.b`). */
  private readonly topFields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  private readonly partial: Matcher | undefined;
  /** For a partial index: whether a query's filter implies its expression (else the index misses matches). */
  private readonly impliedBy: ((filter: Doc) => boolean) | undefined;
  /** canonical key → ids (canonical _id keys) of the documents holding it */
  readonly entries = new Map<string, Set<string>>();
  /**
   * Compound indexes only: the leading field's key → ids, so equality on that field alone (the prefix MongoDB's planner
   * uses) needs no collection scan.
   */
  readonly leading = new Map<string, Set<string>>();
  /**
   * Compound indexes only: the leading field's key → the rest of the key → the same id sets as `entries`, so a lookup
   * of many leading values × a few combinations of the rest (300 stores × 2 metrics × 12 days) builds the rest's keys
   * once and reads small per-value maps, instead of building and hashing every full key against the whole index.
   */
  readonly byLead = new Map<string, Map<string, Set<string>>>();
  /** Some document gave one field several values (mongod's multikey): range and sort walks are then not used. */
  multikey = false;
  /** Sorted keys for range and sort walks, kept from the index's creation through every write (none if multikey). */
  ordered: OrderedKeys | undefined;
  /** Long multikey key lists of stored documents (a $push onto a big array re-keys only the new elements). */
  private readonly keyCache = new WeakMap<Doc, string[]>();

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.topFields = [...new Set(this.fields.map((f) => f.split('.')[0] as string))];
    this.unique = spec.unique === true;
    this.sparse = spec.sparse === true;
    this.partial = isPlainObject(spec.partialFilterExpression)
      ? compileFilter(spec.partialFilterExpression)
      : undefined;
    this.impliedBy = isPlainObject(spec.partialFilterExpression)
      ? compileImplication(spec.partialFilterExpression)
      : undefined;
  }

  get name(): string {
    return this.spec.name;
  }

  /**
   * Whether two versions of a document may have different keys here: only if a top-level field the key fields live
   * under differs (by identity), or always for a partial index, whose filter may read any field.
   */
  keysMayDiffer(oldDoc: Doc, newDoc: Doc): boolean {
    if (this.partial) return true;
    for (const f of this.topFields) if (oldDoc[f] !== newDoc[f]) return true;
    return false;
  }

  /** Usable for equality lookups: every document has an entry (no sparse/partial holes). */
  get complete(): boolean {
    return !this.sparse && !this.partial;
  }

  /**
   * Holds every document `filter` can match: a complete index, or a partial one whose expression the filter implies
   * (mongod's rule for using a partial index). Sparse indexes are never used to answer queries here.
   */
  covers(filter: Doc): boolean {
    if (this.complete) return true;
    return !this.sparse && this.impliedBy !== undefined && this.impliedBy(filter);
  }

  get ttlSeconds(): number | undefined {
    const s = this.spec.expireAfterSeconds;
    return typeof s === 'number' && this.fields.length === 1 ? s : undefined;
  }

  /** Keys for a document; [] when sparse/partial excludes it. Missing fields index as null, like mongod. */
  keysFor(doc: Doc): string[] {
    const cached = this.keyCache.get(doc);
    if (cached) return cached;
    if (this.partial && !this.partial.test(doc)) return [];
    const perField = this.fields.map((f) => getPathValues(doc, f));
    if (this.sparse && perField.every((vals) => vals.length === 0)) return [];
    let keys = [''];
    for (const vals of perField) {
      const parts =
        vals.length === 0
          ? [NULL_PART]
          : vals.length === 1
            ? [keyPart(vals[0])]
            : [...new Set(vals.map(keyPart))];
      if (parts.length > 1) this.multikey = true;
      keys =
        keys.length === 1 && keys[0] === '' ? parts : keys.flatMap((prefix) => parts.map((p) => prefix + p));
    }
    // a stored version never changes, so a long multikey list is kept for the update that next replaces it
    if (keys.length >= CACHED_KEYS) this.keyCache.set(doc, keys);
    return keys;
  }

  /** Key-pattern directions (hashed counts as ascending; hashed indexes are never walked in order). */
  get dirs(): Array<1 | -1> {
    return this.fields.map((f) => (toNumber(this.spec.key[f]) < 0 ? -1 : 1));
  }

  /** Value tuples of a document (one per multikey combination, missing fields as null), for the sorted keys. */
  tuplesFor(doc: Doc): unknown[][] {
    if (this.partial && !this.partial.test(doc)) return [];
    const perField = this.fields.map((f) => getPathValues(doc, f));
    if (this.sparse && perField.every((vals) => vals.length === 0)) return [];
    // the common case, one value per field: one tuple, no de-duplication (canonical keys cost a string each)
    if (perField.every((vals) => vals.length <= 1))
      return [perField.map((vals) => (vals.length ? vals[0] : null))];
    let tuples: unknown[][] = [[]];
    for (const vals of perField) {
      const parts =
        vals.length > 1
          ? [...new Map(vals.map((v) => [canonicalKey(v), v] as const)).values()]
          : [vals.length ? vals[0] : null];
      tuples = tuples.flatMap((prefix) => parts.map((p) => [...prefix, p]));
    }
    return tuples;
  }

  /**
   * True for an ascending/descending (not hashed), not sparse, single-valued index: its sorted keys are exact for the
   * documents it holds (all of them, or a partial index's); `covers` says whether a query may walk them.
   */
  get walkable(): boolean {
    return !this.sparse && !this.multikey && Object.values(this.spec.key).every((d) => d !== 'hashed');
  }

  static lookupKey(value: unknown): string {
    return keyPart(value);
  }

  findConflict(keys: string[], selfId: string): string | undefined {
    if (!this.unique) return undefined;
    for (const k of keys) {
      const ids = this.entries.get(k);
      if (ids && (ids.size > 1 || !ids.has(selfId))) return k;
    }
    return undefined;
  }

  /** Lookup key of the leading field within a compound key (keys are SEP-joined canonical parts). */
  private static leadOf(key: string): string {
    const end = key.indexOf(SEP, 1);
    return end < 0 ? key : key.slice(0, end);
  }

  add(id: string, keys: string[]): void {
    this.addEntries(id, keys);
    if (this.fields.length > 1) for (const k of keys) this.leadingAdd(Index.leadOf(k), id);
  }

  /**
   * A document's keys change from `before` to `after`: only the difference is written, as mongod diffs an update's
   * keys (a row whose array grows by one element moves one key, not all of them).
   */
  move(id: string, before: string[], after: string[]): void {
    if (this.fields.length === 1) {
      // an array that only grew ($push, $addToSet) keeps its keys in order: add the tail, nothing else moves
      let same = 0;
      while (same < before.length && same < after.length && before[same] === after[same]) same++;
      if (same === before.length) return this.addEntries(id, after.slice(same));
    }
    const had = new Set(before);
    const has = new Set(after);
    this.removeEntries(
      id,
      before.filter((k) => !has.has(k)),
    );
    this.addEntries(
      id,
      after.filter((k) => !had.has(k)),
    );
    if (this.fields.length === 1) return;
    const leadsBefore = new Set(before.map(Index.leadOf));
    const leadsAfter = new Set(after.map(Index.leadOf));
    for (const lead of leadsBefore) if (!leadsAfter.has(lead)) this.leadingRemove(lead, id);
    for (const lead of leadsAfter) if (!leadsBefore.has(lead)) this.leadingAdd(lead, id);
  }

  private addEntries(id: string, keys: string[]): void {
    for (const k of keys) {
      let ids = this.entries.get(k);
      if (!ids) {
        this.entries.set(k, (ids = new Set()));
        if (this.fields.length > 1) {
          const lead = Index.leadOf(k);
          let rest = this.byLead.get(lead);
          if (!rest) this.byLead.set(lead, (rest = new Map()));
          rest.set(k.slice(lead.length), ids);
        }
      }
      ids.add(id);
    }
  }

  private removeEntries(id: string, keys: string[]): void {
    for (const k of keys) {
      const ids = this.entries.get(k);
      if (!ids) continue;
      ids.delete(id);
      if (ids.size > 0) continue;
      this.entries.delete(k);
      if (this.fields.length > 1) {
        const lead = Index.leadOf(k);
        const rest = this.byLead.get(lead);
        rest?.delete(k.slice(lead.length));
        if (rest?.size === 0) this.byLead.delete(lead);
      }
    }
  }

  private leadingAdd(lead: string, id: string): void {
    let byLead = this.leading.get(lead);
    if (!byLead) this.leading.set(lead, (byLead = new Set()));
    byLead.add(id);
  }

  private leadingRemove(lead: string, id: string): void {
    const byLead = this.leading.get(lead);
    if (!byLead) return;
    byLead.delete(id);
    if (byLead.size === 0) this.leading.delete(lead);
  }

  remove(id: string, keys: string[]): void {
    this.removeEntries(id, keys);
    if (this.fields.length > 1) for (const k of keys) this.leadingRemove(Index.leadOf(k), id);
  }

  /** Every full key for equality values on all fields (their cartesian product), or undefined if a field lacks one. */
  fullKeys(eq: Map<string, unknown[]>): string[] | undefined {
    let keys = [''];
    for (const f of this.fields) {
      const values = eq.get(f);
      if (!values) return undefined;
      // each listed value's key part once, not once per prefix (300 stores × 14 days would be 4,200 encodings)
      const parts = [...new Set(values.map((v) => Index.lookupKey(v)))];
      if (keys.length * parts.length > 50_000) return undefined;
      keys = keys.flatMap((prefix) => parts.map((part) => prefix + part));
    }
    // mongod seeks each combination of listed values (300 stores × 2 metrics × 40 days is one find's bounds)
    return keys;
  }

  /**
   * A compound index's full keys for equality values on all fields, as the leading field's key parts and the rest's
   * combinations (each built once); undefined if a field lacks values or the combinations pass fullKeys' bound.
   */
  private splitKeys(eq: Map<string, unknown[]>): { leads: string[]; rests: string[] } | undefined {
    const first = eq.get(this.fields[0] as string);
    if (!first) return undefined;
    const leads = [...new Set(first.map((v) => Index.lookupKey(v)))];
    let rests = [''];
    for (const f of this.fields.slice(1)) {
      const values = eq.get(f);
      if (!values) return undefined;
      const parts = [...new Set(values.map((v) => Index.lookupKey(v)))];
      if (leads.length * rests.length * parts.length > 50_000) return undefined;
      rests = rests.flatMap((prefix) => parts.map((part) => prefix + part));
    }
    return { leads, rests };
  }

  /** Key look-ups made so far (each full or leading key read from the maps): lets tests prove a query reads each once. */
  keyReads = 0;

  /**
   * The id sets equality on every field (or on the leading field of a compound index) reaches, each key read once:
   * how many ids they hold (nothing copied) and their union on demand. The planner sizes every usable index and then
   * runs the smallest, so sizing and running share these reads instead of building and reading the keys twice.
   */
  lookupPlan(eq: Map<string, unknown[]>): LookupPlan | undefined {
    const sets: Array<Set<string>> = [];
    const full = this.fields.length > 1 ? undefined : this.fullKeys(eq);
    const split = this.fields.length > 1 ? this.splitKeys(eq) : undefined;
    if (split) {
      this.keyReads += split.leads.length * split.rests.length;
      for (const lead of split.leads) {
        const byRest = this.byLead.get(lead);
        if (!byRest) continue;
        for (const rest of split.rests) {
          const ids = byRest.get(rest);
          if (ids) sets.push(ids);
        }
      }
    } else if (full) {
      this.keyReads += full.length;
      for (const k of full) {
        const ids = this.entries.get(k);
        if (ids) sets.push(ids);
      }
    } else {
      const values = eq.get(this.fields[0] as string);
      if (!values || this.fields.length === 1) return undefined;
      this.keyReads += values.length;
      for (const v of new Set(values.map((x) => Index.lookupKey(x)))) {
        const ids = this.leading.get(v);
        if (ids) sets.push(ids);
      }
    }
    let size = 0;
    for (const ids of sets) size += ids.size;
    // distinct keys of a single-valued index never share a document: its sets are disjoint
    const disjoint = !this.multikey;
    return {
      size,
      sets,
      disjoint,
      keyed: (split || full) && disjoint && !this.partial ? this.fields : undefined,
      run: () => {
        const out = new Set<string>();
        for (const ids of sets) for (const id of ids) out.add(id);
        return out;
      },
    };
  }

  /** Ids for equality on every field, or on the leading field only (compound indexes); undefined when unusable. */
  lookup(eq: Map<string, unknown[]>): Set<string> | undefined {
    return this.lookupPlan(eq)?.run();
  }

  /** How many ids lookup() would gather (counted from the id sets, nothing copied); undefined when unusable. */
  lookupSize(eq: Map<string, unknown[]>): number | undefined {
    return this.lookupPlan(eq)?.size;
  }

  /** mongod's exact E11000 shape, including keyPattern/keyValue for drivers and mongoose. */
  duplicateError(ns: string, doc: Doc, key: string): MongoCommandError {
    const wanted = key.split(SEP).slice(1);
    const keyValue: Doc = {};
    this.fields.forEach((f, i) => {
      const vals = getPathValues(doc, f);
      const hit = vals.find((v) => canonicalKey(v) === wanted[i]);
      keyValue[f] = hit === undefined ? null : hit;
    });
    return new MongoCommandError(
      ErrorCodes.DuplicateKey,
      `E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: ${formatValue(keyValue)}`,
      { keyPattern: { ...this.spec.key }, keyValue },
    );
  }
}

export function idDuplicateError(ns: string, id: unknown): MongoCommandError {
  return new MongoCommandError(
    ErrorCodes.DuplicateKey,
    `E11000 duplicate key error collection: ${ns} index: _id_ dup key: ${formatValue({ _id: id })}`,
    {
      keyPattern: { _id: 1 },
      keyValue: { _id: id },
    },
  );
}
