// Secondary index: canonical-key → _id map used both for unique enforcement (E11000) and equality lookups without scans.
import { formatValue, isNumeric, isPlainObject } from './bson-util';
import { canonicalKey } from './compare';
import { ErrorCodes, MongoCommandError, fail, notSupported } from './errors';
import type { Doc } from './errors';
import { getPathValues } from './paths';
import type { Matcher } from './query';
import { compileFilter } from './query';

export interface IndexSpec extends Doc {
  v: number;
  key: Doc;
  name: string;
}

// NUL separates compound components; canonical keys of ordinary strings never contain it in practice.
const SEP = '\u0000';

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
  readonly unique: boolean;
  readonly sparse: boolean;
  private readonly partial: Matcher | undefined;
  /** canonical key → ids (canonical _id keys) of the documents holding it */
  readonly entries = new Map<string, Set<string>>();

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.unique = spec.unique === true;
    this.sparse = spec.sparse === true;
    this.partial = isPlainObject(spec.partialFilterExpression)
      ? compileFilter(spec.partialFilterExpression)
      : undefined;
  }

  get name(): string {
    return this.spec.name;
  }

  /** Usable for equality lookups: every document has an entry (no sparse/partial holes). */
  get complete(): boolean {
    return !this.sparse && !this.partial;
  }

  get ttlSeconds(): number | undefined {
    const s = this.spec.expireAfterSeconds;
    return typeof s === 'number' && this.fields.length === 1 ? s : undefined;
  }

  /** Keys for a document; [] when sparse/partial excludes it. Missing fields index as null, like mongod. */
  keysFor(doc: Doc): string[] {
    if (this.partial && !this.partial.test(doc)) return [];
    const perField = this.fields.map((f) => getPathValues(doc, f));
    if (this.sparse && perField.every((vals) => vals.length === 0)) return [];
    let keys = [''];
    for (const vals of perField) {
      const parts = vals.length ? [...new Set(vals.map(canonicalKey))] : ['N'];
      keys = keys.flatMap((prefix) => parts.map((p) => prefix + SEP + p));
    }
    return keys;
  }

  static lookupKey(value: unknown): string {
    return SEP + canonicalKey(value);
  }

  findConflict(keys: string[], selfId: string): string | undefined {
    if (!this.unique) return undefined;
    for (const k of keys) {
      const ids = this.entries.get(k);
      if (ids && (ids.size > 1 || !ids.has(selfId))) return k;
    }
    return undefined;
  }

  add(id: string, keys: string[]): void {
    for (const k of keys) {
      let ids = this.entries.get(k);
      if (!ids) this.entries.set(k, (ids = new Set()));
      ids.add(id);
    }
  }

  remove(id: string, keys: string[]): void {
    for (const k of keys) {
      const ids = this.entries.get(k);
      if (!ids) continue;
      ids.delete(id);
      if (ids.size === 0) this.entries.delete(k);
    }
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
