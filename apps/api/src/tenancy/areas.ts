// The location tree in the tenancy layer: the top area, adding, renaming, moving and deleting areas, and which areas a member sees.
import mongoose, { Types } from 'mongoose';
import { AREA_MESSAGES, ZAreaInputSchema, ZAreaUpdateSchema, type TArea } from '@cx/contracts';
import { AppError, notFound } from '../lib/errors';
import { StoreModel } from '../modules/stores/store.model';
import type { Access } from './access';
import { InvitationModel } from '../modules/team/invitation.model';
import { AreaModel, areaNameKey, type AreaDoc } from './area.model';
import { applyAreaSettings, areaSettingsOf, settingsUpdate, subtreeAreaIds } from './area-settings';
import { afterTreeChange, areaTree, treeChanged } from './area-tree';
import { recordAudit } from './audit';
import { BusinessModel } from './business.model';
import { MembershipModel } from './membership.model';

const conflict = (code: string, message: string) => new AppError(code, message, 409);
const isDuplicate = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

export function toAreaDto(a: AreaDoc): TArea {
  return {
    _id: String(a._id),
    name: a.name,
    parent: a.parent ? String(a.parent) : null,
    settings: areaSettingsOf(a),
  };
}

/** The top area's name before it exists: the business's. */
async function rootName(businessId: string): Promise<string> {
  const business = await BusinessModel.findById(businessId, { name: 1 }).lean();
  return business?.name ?? 'All stores';
}

/**
 * The business's top area, created (named after the business) the first time a change needs it. Its id is the
 * business's id, so a reader can name it before it exists and two first writers cannot make two.
 */
export async function rootArea(businessId: string): Promise<AreaDoc> {
  const existing = await AreaModel.findOne({ business: businessId, isRoot: true }).lean<AreaDoc>();
  if (existing) return existing;
  const name = await rootName(businessId);
  try {
    const created = await AreaModel.create({
      _id: new Types.ObjectId(businessId),
      business: businessId,
      name,
      nameKey: areaNameKey(name),
      parent: null,
      ancestors: [],
      isRoot: true,
    });
    return created.toObject() as AreaDoc;
  } catch (err) {
    // Two first requests at once: the other one created it.
    if (!isDuplicate(err)) throw err;
    const raced = await AreaModel.findOne({ business: businessId, isRoot: true }).lean<AreaDoc>();
    if (!raced) throw err;
    return raced;
  }
}

/** An area of this business, or 404 (also for another business's id). */
export async function findArea(businessId: string, id: string): Promise<AreaDoc> {
  if (!mongoose.isValidObjectId(id)) throw notFound('Area');
  if (id === String(businessId)) return rootArea(businessId);
  const area = await AreaModel.findOne({ _id: id, business: businessId }).lean<AreaDoc>();
  if (!area) throw notFound('Area');
  return area;
}

/** Parents before children, siblings by name. */
function treeOrder(areas: AreaDoc[]): AreaDoc[] {
  return [...areas].sort(
    (a, b) =>
      (a.ancestors?.length ?? 0) - (b.ancestors?.length ?? 0) ||
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}

/**
 * The areas a member sees: every area for an all-store member; otherwise the areas holding their stores, the areas
 * under their granted areas, and those above them (enough to place their stores in the tree, nothing of branches
 * they do not cover).
 */
export async function listAreas(access: Access): Promise<TArea[]> {
  const business = access.businessId;
  if (access.storeIds === null) {
    const all = treeOrder(await AreaModel.find({ business }).lean<AreaDoc[]>()).map(toAreaDto);
    // A read changes nothing: before its first change the top area is listed as it will be created.
    if (all.some((a) => a.parent === null)) return all;
    return [{ _id: String(business), name: await rootName(business), parent: null, settings: {} }, ...all];
  }
  const holding = await StoreModel.distinct('area', {
    business,
    _id: { $in: access.storeIds.map((id) => new Types.ObjectId(id)) },
    deletedAt: null,
    area: { $ne: null },
  });
  // An area-level member also sees every area under their granted ones (empty ones too: they may grant them).
  const granted = (access.areaIds ?? []).map((id) => new Types.ObjectId(id));
  const direct = await AreaModel.find({
    business,
    $or: [{ _id: { $in: [...holding, ...granted] } }, { ancestors: { $in: granted } }],
  }).lean<AreaDoc[]>();
  const above = direct.flatMap((a) => a.ancestors ?? []);
  const ids = [...direct.map((a) => a._id), ...above];
  const all = await AreaModel.find({ business, _id: { $in: ids } }).lean<AreaDoc[]>();
  return treeOrder(all).map(toAreaDto);
}

async function assertNameFree(
  business: string,
  parent: Types.ObjectId | null,
  name: string,
  except?: Types.ObjectId,
) {
  const clash = await AreaModel.exists({
    business,
    parent,
    nameKey: areaNameKey(name),
    ...(except ? { _id: { $ne: except } } : {}),
  });
  if (clash) throw conflict('AREA_NAME_TAKEN', AREA_MESSAGES.duplicate);
}

/** Saves, turning a sibling-name race that the index caught into the same 409 as the check before it. */
async function namedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isDuplicate(err)) throw conflict('AREA_NAME_TAKEN', AREA_MESSAGES.duplicate);
    throw err;
  }
}

/** Adds an area under `parent` (no checks, no audit: for the seed and tests; members go through createArea). */
export async function insertArea(
  business: Types.ObjectId | string,
  name: string,
  parent: AreaDoc,
): Promise<AreaDoc> {
  const area = await namedWrite(() =>
    AreaModel.create({
      business,
      name,
      nameKey: areaNameKey(name),
      parent: parent._id,
      ancestors: [...(parent.ancestors ?? []), parent._id],
    }),
  );
  return area.toObject() as AreaDoc;
}

export async function createArea(access: Access, input: unknown): Promise<TArea> {
  const data = ZAreaInputSchema.parse(input);
  const business = access.businessId;
  const parent = data.parent ? await findArea(business, data.parent) : await rootArea(business);
  await assertNameFree(business, parent._id, data.name);
  let area = await insertArea(business, data.name, parent);
  const { $set } = settingsUpdate(data.settings);
  if (Object.keys($set).length)
    area =
      (await AreaModel.findOneAndUpdate(
        { _id: area._id, business },
        { $set },
        { returnDocument: 'after' },
      ).lean<AreaDoc>()) ?? area;
  await recordAudit(access, {
    kind: 'area',
    action: 'area.create',
    summary: `Added the area ${area.name} under ${parent.name}`,
    after: { name: area.name, parent: parent.name },
  });
  return toAreaDto(area);
}

/** Rewrites the ancestor path of everything under `area` after it moved to `newPath` (its own new ancestors). */
async function moveSubtree(business: string, area: AreaDoc, newPath: Types.ObjectId[]): Promise<void> {
  const below = await AreaModel.find({ business, ancestors: area._id }, { ancestors: 1 }).lean<AreaDoc[]>();
  if (below.length === 0) return;
  await AreaModel.bulkWrite(
    below.map((d) => {
      const rest = d.ancestors.slice(d.ancestors.findIndex((a) => a.equals(area._id)));
      return {
        updateOne: { filter: { _id: d._id }, update: { $set: { ancestors: [...newPath, ...rest] } } },
      };
    }),
  );
}

export async function updateArea(access: Access, id: string, input: unknown): Promise<TArea> {
  const data = ZAreaUpdateSchema.parse(input);
  const business = access.businessId;
  const area = await findArea(business, id);
  const moving = data.parent !== undefined && String(area.parent) !== data.parent;
  let parent = area.parent ? await findArea(business, String(area.parent)) : null;
  if (moving) {
    if (area.isRoot) throw conflict('AREA_ROOT', AREA_MESSAGES.rootMove);
    const target = await findArea(business, data.parent!);
    if (target._id.equals(area._id) || (target.ancestors ?? []).some((a) => a.equals(area._id)))
      throw conflict('AREA_CYCLE', AREA_MESSAGES.cycle);
    parent = target;
  }
  const name = data.name ?? area.name;
  if (moving || areaNameKey(name) !== area.nameKey)
    await assertNameFree(business, parent?._id ?? null, name, area._id);
  const newPath = parent ? [...(parent.ancestors ?? []), parent._id] : [];
  const settings = settingsUpdate(data.settings);
  const tree = moving ? await areaTree(business) : null;
  const updated = await namedWrite(() =>
    AreaModel.findOneAndUpdate(
      { _id: area._id, business },
      {
        $set: {
          name,
          nameKey: areaNameKey(name),
          parent: parent?._id ?? null,
          ancestors: newPath,
          ...settings.$set,
        },
        ...(Object.keys(settings.$unset).length ? { $unset: settings.$unset } : {}),
      },
      { returnDocument: 'after' },
    ).lean<AreaDoc>(),
  );
  if (!updated) throw notFound('Area');
  if (moving) await moveSubtree(business, area, newPath);
  if (tree) await afterTreeChange(business, tree);
  const settingsChanged = JSON.stringify(areaSettingsOf(area)) !== JSON.stringify(areaSettingsOf(updated));
  // The stores below take what they now inherit, as if each had been edited directly.
  const restamped =
    moving || settingsChanged
      ? await applyAreaSettings(business, { areas: await subtreeAreaIds(business, area._id) })
      : 0;
  await auditAreaUpdate(access, area, updated, moving ? parent : null);
  if (settingsChanged) await auditAreaSettings(access, area, updated, restamped);
  return toAreaDto(updated);
}

async function auditAreaSettings(access: Access, before: AreaDoc, after: AreaDoc, stores: number) {
  const was = areaSettingsOf(before);
  const now = areaSettingsOf(after);
  const changed = (Object.keys({ ...was, ...now }) as (keyof typeof now)[]).filter(
    (k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]),
  );
  await recordAudit(access, {
    kind: 'area',
    action: 'area.settings',
    summary: `Changed the settings of ${after.name} (${changed.join(', ')}); ${stores} store${stores === 1 ? '' : 's'} took the new values`,
    before: Object.fromEntries(changed.map((k) => [k, was[k] ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, now[k] ?? null])),
  });
}

async function auditAreaUpdate(access: Access, before: AreaDoc, after: AreaDoc, movedTo: AreaDoc | null) {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`Renamed the area ${before.name} to ${after.name}`);
  let from: string | null = null;
  if (movedTo) {
    from = before.parent
      ? ((await AreaModel.findById(before.parent, { name: 1 }).lean())?.name ?? null)
      : null;
    parts.push(
      `${parts.length ? 'moved it' : `Moved the area ${after.name}`} from ${from} to ${movedTo.name}`,
    );
  }
  if (parts.length === 0) return;
  await recordAudit(access, {
    kind: 'area',
    action: movedTo ? 'area.move' : 'area.rename',
    summary: parts.join(' and '),
    before: { name: before.name, ...(movedTo ? { parent: from } : {}) },
    after: { name: after.name, ...(movedTo ? { parent: movedTo.name } : {}) },
  });
}

export async function deleteArea(access: Access, id: string): Promise<{ message: string }> {
  const business = access.businessId;
  const area = await findArea(business, id);
  if (area.isRoot) throw conflict('AREA_ROOT', AREA_MESSAGES.rootMove);
  const [children, stores] = await Promise.all([
    AreaModel.exists({ business, parent: area._id }),
    StoreModel.exists({ business, area: area._id, deletedAt: null }),
  ]);
  if (children || stores) throw conflict('AREA_NOT_EMPTY', AREA_MESSAGES.notEmpty);
  await AreaModel.deleteOne({ _id: area._id, business });
  // Nothing lies under it (else 409), so no one loses a store; a grant of it would only dangle.
  await Promise.all([
    MembershipModel.updateMany({ business, areas: area._id }, { $pull: { areas: area._id } }),
    InvitationModel.updateMany({ business, areas: area._id }, { $pull: { areas: area._id } }),
  ]);
  await treeChanged(business);
  await recordAudit(access, {
    kind: 'area',
    action: 'area.delete',
    summary: `Deleted the area ${area.name}`,
    before: { name: area.name },
  });
  return { message: `Area "${area.name}" deleted.` };
}
