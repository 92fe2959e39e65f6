// What an import file would do, read-only: per row created / changed / moved / unchanged / error, and the areas to add.
import { createHash } from 'node:crypto';
import {
  AREA_NAME_MAX,
  AREA_PATH_SEPARATOR,
  STORE_IMPORT_MESSAGES as M,
  TAG_SEPARATOR,
  ZStoreCodeSchema,
  ZStoreInputSchema,
  ZStoreTagsSchema,
  ZTimeZoneSchema,
  type TStoreImportRow,
  type TStoreImportTotals,
} from '@cx/contracts';
import type { Types } from 'mongoose';
import type { ZodTypeAny } from 'zod';
import { AreaModel, areaNameKey, type AreaDoc } from '../../tenancy/area.model';
import { inheritedKeys } from '../../tenancy/area-settings';
import type { ImportFile, ImportRecord } from './stores.import-csv';
import { StoreModel, type StoreDoc } from './store.model';

/** An area the file names that does not exist yet: its path key, display path, own name and parent's key. */
export interface NewArea {
  key: string;
  path: string;
  name: string;
  parentKey: string;
}

export interface StoreImportPlan {
  rows: TStoreImportRow[];
  totals: TStoreImportTotals;
  newAreas: NewArea[];
  /** Stores to create: their fields, and the key of the area they go under ('' = the top area). */
  creates: Array<{ fields: Record<string, unknown>; areaKey: string }>;
  /** Stores to update: `$set` without the area, and the area key when the store moves. */
  updates: Array<{ _id: Types.ObjectId; $set: Record<string, unknown>; areaKey: string | null }>;
  /** Path key → existing area id. */
  areaIds: Map<string, Types.ObjectId>;
  fingerprint: string;
}

const fields = ZStoreInputSchema.shape;
/** What a new store's time zone says in the dry run when the file leaves it to the area. */
const FROM_AREA = "its area's";
const keyOf = (names: string[]) => names.map(areaNameKey).join('\u0000');
const tagsText = (tags: readonly string[]) => tags.join(`${TAG_SEPARATOR} `);
/** Tags compare as sets, ignoring case (as the schema drops repeats): a reordered or recased cell is no change. */
const sameTags = (a: readonly string[], b: readonly string[]) => {
  const norm = (t: readonly string[]) =>
    t
      .map((x) => x.toLocaleLowerCase('en'))
      .sort()
      .join('\u0000');
  return norm(a) === norm(b);
};

/** Every area's path key and display path ("UK > London"; the top area ''). */
async function areaIndex(business: string) {
  const areas = await AreaModel.find({ business }, { name: 1, parent: 1, ancestors: 1, isRoot: 1 }).lean<
    AreaDoc[]
  >();
  const byId = new Map(areas.map((a) => [String(a._id), a]));
  const ids = new Map<string, Types.ObjectId>();
  const paths = new Map<string, string>([[String(business), '']]);
  for (const a of areas) {
    if (a.isRoot) {
      paths.set(String(a._id), '');
      continue;
    }
    // The ancestors start at the top area, which paths leave out.
    const names = [...(a.ancestors ?? []).slice(1).map((id) => byId.get(String(id))?.name ?? '?'), a.name];
    ids.set(keyOf(names), a._id);
    paths.set(String(a._id), names.join(` ${AREA_PATH_SEPARATOR} `));
  }
  return { ids, paths };
}

function check<T>(
  schema: ZodTypeAny,
  value: unknown,
  field: string,
  errors: TStoreImportRow['errors'],
): T | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data as T;
  errors.push({ field, message: r.error.issues[0]?.message ?? `Invalid ${field}` });
  return undefined;
}

/** The row's cells, each checked with the contract's store schemas; blank cells are "leave as it is". */
function readRow(rec: ImportRecord, errors: TStoreImportRow['errors']) {
  const blank = (v: string | undefined) => (v ?? '').trim() === '';
  const c = rec.cells;
  const code = check<string | null>(ZStoreCodeSchema, c.code ?? '', 'code', errors);
  if (code === null) errors.push({ field: 'code', message: M.codeRequired });
  const name = blank(c.name) ? undefined : check<string>(fields.name, c.name, 'name', errors);
  const timeZone = blank(c.timezone)
    ? undefined
    : check<string>(ZTimeZoneSchema, c.timezone, 'timezone', errors);
  const address = blank(c.address) ? undefined : check<string>(fields.address, c.address, 'address', errors);
  const tags = blank(c.tags)
    ? undefined
    : check<string[]>(
        ZStoreTagsSchema,
        c
          .tags!.split(TAG_SEPARATOR)
          .map((t) => t.trim())
          .filter(Boolean),
        'tags',
        errors,
      );
  let area: string[] | undefined;
  if (!blank(c.area)) {
    area = c.area!.split(AREA_PATH_SEPARATOR).map((s) => s.trim());
    if (area.some((s) => s === ''))
      errors.push({ field: 'area', message: 'Each area in the path needs a name, e.g. UK > London' });
    else if (area.some((s) => s.length > AREA_NAME_MAX))
      errors.push({ field: 'area', message: `Area names must be at most ${AREA_NAME_MAX} characters` });
  }
  return { code: code ?? '', name, timeZone, address, tags, area };
}

export async function planImport(business: string, file: ImportFile): Promise<StoreImportPlan> {
  const codes = [...new Set(file.records.map((r) => (r.cells.code ?? '').trim()).filter(Boolean))];
  const [index, existing] = await Promise.all([
    areaIndex(business),
    StoreModel.find({ business, deletedAt: null, code: { $in: codes } }).lean<StoreDoc[]>(),
  ]);
  const byCode = new Map(existing.map((s) => [s.code!, s]));
  const seen = new Map<string, number>();
  const newAreas = new Map<string, NewArea>();
  const plan: StoreImportPlan = {
    rows: [],
    totals: { rows: 0, created: 0, changed: 0, moved: 0, unchanged: 0, errors: 0, areasCreated: 0 },
    newAreas: [],
    creates: [],
    updates: [],
    areaIds: index.ids,
    fingerprint: '',
  };
  for (const rec of file.records) {
    const errors: TStoreImportRow['errors'] = [];
    const cell = readRow(rec, errors);
    const first = seen.get(cell.code);
    if (cell.code && first !== undefined) errors.push({ field: 'code', message: M.duplicateCode(first) });
    else if (cell.code) seen.set(cell.code, rec.line);
    const store = byCode.get(cell.code);
    if (!store && cell.name === undefined && !errors.some((e) => e.field === 'name'))
      errors.push({ field: 'name', message: M.nameForNew });
    const row: TStoreImportRow = {
      line: rec.line,
      code: cell.code || (rec.cells.code ?? '').trim(),
      name: cell.name ?? store?.name ?? (rec.cells.name ?? '').trim(),
      status: 'error',
      changes: [],
      move: null,
      errors,
    };
    plan.rows.push(row);
    if (errors.length > 0) continue;
    // The area the row names: existing, or added (with any missing areas above it) when the import is confirmed.
    let areaKey: string | null = null;
    let areaPath = '';
    if (cell.area) {
      areaKey = keyOf(cell.area);
      areaPath = cell.area.join(` ${AREA_PATH_SEPARATOR} `);
      cell.area.forEach((name, i) => {
        const key = keyOf(cell.area!.slice(0, i + 1));
        if (!index.ids.has(key) && !newAreas.has(key))
          newAreas.set(key, {
            key,
            name,
            parentKey: keyOf(cell.area!.slice(0, i)),
            path: cell.area!.slice(0, i + 1).join(` ${AREA_PATH_SEPARATOR} `),
          });
      });
    }
    if (!store) {
      // Settings the file leaves out (the time zone when blank, hours, interval, languages) come from its area.
      const inherits = inheritedKeys({ timeZone: cell.timeZone });
      const set = { name: cell.name!, address: cell.address ?? '', tags: cell.tags ?? [] };
      row.status = 'created';
      row.changes = [
        { field: 'name', from: '', to: set.name },
        ...(areaPath ? [{ field: 'area', from: '', to: areaPath }] : []),
        { field: 'timezone', from: '', to: cell.timeZone ?? FROM_AREA },
        ...(set.address ? [{ field: 'address', from: '', to: set.address }] : []),
        ...(set.tags.length ? [{ field: 'tags', from: '', to: tagsText(set.tags) }] : []),
      ];
      const own = cell.timeZone ? { timeZone: cell.timeZone } : {};
      plan.creates.push({ fields: { code: cell.code, ...set, ...own, inherits }, areaKey: areaKey ?? '' });
      continue;
    }
    const $set: Record<string, unknown> = {};
    const change = (field: string, key: string, from: string, to: string, value: unknown) => {
      if (from === to) return;
      row.changes.push({ field, from, to });
      $set[key] = value;
    };
    if (cell.name !== undefined) change('name', 'name', store.name, cell.name, cell.name);
    if (cell.timeZone !== undefined && cell.timeZone !== store.timeZone) {
      // A time zone given in the file becomes the store's own, no longer its area's.
      change('timezone', 'timeZone', store.timeZone, cell.timeZone, cell.timeZone);
      $set.inherits = ((store.inherits ?? []) as string[]).filter((k) => k !== 'timeZone');
    }
    if (cell.address !== undefined)
      change('address', 'address', store.address ?? '', cell.address, cell.address);
    if (cell.tags !== undefined && !sameTags(store.tags ?? [], cell.tags))
      change('tags', 'tags', tagsText(store.tags ?? []), tagsText(cell.tags), cell.tags);
    const targetId = areaKey === null ? null : index.ids.get(areaKey);
    const moves = areaKey !== null && (targetId === undefined || String(targetId) !== String(store.area));
    if (moves) {
      const from = store.area ? (index.paths.get(String(store.area)) ?? '') : '';
      row.move = { from, to: areaPath };
    }
    row.status = moves ? 'moved' : row.changes.length ? 'changed' : 'unchanged';
    if (moves || row.changes.length)
      plan.updates.push({ _id: store._id, $set, areaKey: moves ? areaKey : null });
  }
  plan.newAreas = [...newAreas.values()];
  for (const r of plan.rows) plan.totals[r.status === 'error' ? 'errors' : r.status] += 1;
  plan.totals.rows = plan.rows.length;
  plan.totals.areasCreated = plan.newAreas.length;
  const said = plan.rows.map((r) => [r.line, r.code, r.status, r.changes, r.move, r.errors]);
  plan.fingerprint = createHash('sha256')
    .update(JSON.stringify([said, plan.newAreas.map((a) => a.path)]))
    .digest('hex')
    .slice(0, 32);
  return plan;
}
