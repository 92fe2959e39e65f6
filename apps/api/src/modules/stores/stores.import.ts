// POST /stores/import: a CSV of stores keyed by store code, dry run or confirm; a confirm writes in bulk and audits once.
import { STORE_IMPORT_MESSAGES as M, type TStoreImportResult } from '@cx/contracts';
import type { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { forbidden, type Access } from '../../tenancy/access';
import { AreaModel, areaNameKey, type AreaDoc } from '../../tenancy/area.model';
import { applyAreaSettings } from '../../tenancy/area-settings';
import { afterTreeChange, areaTree } from '../../tenancy/area-tree';
import { insertArea, rootArea } from '../../tenancy/areas';
import { recordAudit } from '../../tenancy/audit';
import { readImportFile } from './stores.import-csv';
import { planImport, type StoreImportPlan } from './stores.import-plan';
import { StoreModel } from './store.model';

export type StoreImportAnswer = { status: 200; body: TStoreImportResult };

/** Adds the areas the file names that do not exist yet, parents first; one a concurrent request added is reused. */
async function addAreas(business: string, plan: StoreImportPlan): Promise<Map<string, Types.ObjectId>> {
  const ids = new Map(plan.areaIds);
  const docs = new Map<string, AreaDoc>();
  const root = await rootArea(business);
  ids.set('', root._id);
  docs.set('', root);
  const parentDoc = async (key: string): Promise<AreaDoc> => {
    const known = docs.get(key);
    if (known) return known;
    const found = await AreaModel.findOne({ _id: ids.get(key), business }).lean<AreaDoc>();
    if (!found) throw new AppError('IMPORT_PLAN_CHANGED', M.planChanged, 409);
    docs.set(key, found);
    return found;
  };
  // The plan lists an area after the areas above it (a path is read top down).
  for (const area of plan.newAreas) {
    const parent = await parentDoc(area.parentKey);
    let made: AreaDoc;
    try {
      made = await insertArea(business, area.name, parent);
    } catch (err) {
      const raced = await AreaModel.findOne({
        business,
        parent: parent._id,
        nameKey: areaNameKey(area.name),
      }).lean<AreaDoc>();
      if (!raced) throw err;
      made = raced;
    }
    ids.set(area.key, made._id);
    docs.set(area.key, made);
  }
  return ids;
}

/** Writes the plan: areas first, then every new store in one insertMany and every change in one bulkWrite. */
async function applyPlan(business: string, plan: StoreImportPlan): Promise<void> {
  const structural = plan.creates.length > 0 || plan.updates.some((u) => u.areaKey !== null);
  const tree = structural ? await areaTree(business) : null;
  const areas = await addAreas(business, plan);
  const placed: Types.ObjectId[] = plan.updates.filter((u) => u.areaKey !== null).map((u) => u._id);
  if (plan.creates.length > 0) {
    const made = await StoreModel.insertMany(
      plan.creates.map((c) => ({ business, area: areas.get(c.areaKey), ...c.fields })),
      { ordered: true },
    );
    placed.push(...made.map((s) => s._id as Types.ObjectId));
  }
  if (plan.updates.length > 0) {
    await StoreModel.bulkWrite(
      plan.updates.map((u) => ({
        updateOne: {
          filter: { _id: u._id, business, deletedAt: null },
          update: { $set: u.areaKey === null ? u.$set : { ...u.$set, area: areas.get(u.areaKey) } },
        },
      })),
      { ordered: false },
    );
  }
  // Before answering: members granted an area see its new stores, and no longer those that moved out of it.
  if (tree) await afterTreeChange(business, tree);
  // New and moved stores take the settings they inherit from their (new) area, as a single edit would.
  if (placed.length > 0) await applyAreaSettings(business, { stores: placed });
}

export async function importStores(
  access: Access,
  file: { buffer?: Buffer } | undefined,
  opts: { dryRun: boolean; plan?: string },
): Promise<StoreImportAnswer> {
  // A key limited to some stores would create stores outside them: importing is business-wide.
  if (access.storeIds !== null) throw forbidden(M.keyLimited);
  const business = access.businessId;
  const read = readImportFile(file);
  const plan = await planImport(business, read);
  const t = plan.totals;
  const result: TStoreImportResult = {
    dryRun: opts.dryRun,
    applied: false,
    message: t.errors > 0 ? M.hasErrors : M.dryRun,
    plan: plan.fingerprint,
    totals: plan.totals,
    newAreas: plan.newAreas.map((a) => a.path),
    ignoredColumns: read.ignoredColumns,
    rows: plan.rows,
  };
  // With any row error nothing is written: the rows say why, and `applied` stays false.
  if (opts.dryRun || t.errors > 0) return { status: 200, body: result };
  if (opts.plan && opts.plan !== plan.fingerprint)
    throw new AppError('IMPORT_PLAN_CHANGED', M.planChanged, 409);
  await applyPlan(business, plan);
  await recordAudit(access, {
    kind: 'store',
    action: 'store.import',
    summary:
      `Imported ${t.rows} store row${t.rows === 1 ? '' : 's'} from CSV: ${t.created} created, ${t.changed} changed, ` +
      `${t.moved} moved, ${t.unchanged} unchanged, ${t.areasCreated} area${t.areasCreated === 1 ? '' : 's'} added`,
    after: { ...t },
  });
  return { status: 200, body: { ...result, applied: true, message: M.applied(t) } };
}
