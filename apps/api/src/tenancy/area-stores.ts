// Which live stores sit under which areas: the one place a figure by area turns area ids into stores.
import mongoose, { Types } from 'mongoose';
import { notFound } from '../lib/errors';
import { StoreModel } from '../modules/stores/store.model';
import { AreaModel, type AreaDoc } from './area.model';
import { areaTree } from './area-tree';
import { BusinessModel } from './business.model';

/** An area as the figures see it: its name and its path from the top area (top first, itself last). */
export interface AreaNode {
  id: string;
  name: string;
  parent: string | null;
  /** Ids from the top area down to this one, itself included: depth = path.length - 1. */
  path: string[];
}

/**
 * The ids of the stores (live or deleted: callers keep the live ones) under any of the areas (at any depth), of this
 * business only: an id that is not one of its areas (another business's, or none) is a 404, exactly like another
 * business's store. The top area's id is the business's, so it names every store before the tree was ever written.
 * Read from the cached tree (area-tree.ts), the one place access also learns it from: a point read per call, not
 * three queries over the areas and stores.
 */
export async function storesUnderAreas(businessId: string, areaIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(areaIds.map(String))];
  if (ids.length === 0) return [];
  if (ids.some((id) => !mongoose.isValidObjectId(id))) throw notFound('Area');
  const tree = await areaTree(businessId);
  // an area newer than the cached tree (creating one changes no store's place, so it bumps no version): from the areas
  if (ids.some((id) => tree.pathOf(id).length === 0)) return storesUnderFromDb(String(businessId), ids);
  return tree.storesUnder(ids);
}

/** storesUnderAreas read from the areas and stores themselves (ids the cached tree does not know yet). */
async function storesUnderFromDb(business: string, ids: string[]): Promise<string[]> {
  const others = ids.filter((id) => id !== business).map((id) => new Types.ObjectId(id));
  const found = others.length
    ? await AreaModel.find({ business, _id: { $in: others } }, { _id: 1 }).lean()
    : [];
  if (found.length !== others.length) throw notFound('Area');
  let filter: Record<string, unknown> = { business };
  if (others.length === ids.length) {
    const under = await AreaModel.distinct('_id', {
      business,
      $or: [{ _id: { $in: others } }, { ancestors: { $in: others } }],
    });
    filter = { ...filter, area: { $in: under } };
  }
  const stores = await StoreModel.find(filter, { _id: 1 }).lean();
  return stores.map((s) => String(s._id));
}

/**
 * Every area of the business by id, with its path; the top area is there (under the business's id and name) even
 * before its first write.
 */
export async function areaNodes(businessId: string): Promise<Map<string, AreaNode>> {
  const business = String(businessId);
  const [owner, docs] = await Promise.all([
    BusinessModel.findById(business, { name: 1 }).lean(),
    AreaModel.find({ business }, { name: 1, parent: 1, ancestors: 1 }).lean<AreaDoc[]>(),
  ]);
  const nodes = new Map<string, AreaNode>();
  const rootName = owner?.name ?? 'All stores';
  nodes.set(business, { id: business, name: rootName, parent: null, path: [business] });
  for (const d of docs) {
    const id = String(d._id);
    nodes.set(id, {
      id,
      name: d.name,
      parent: d.parent ? String(d.parent) : null,
      path: [...(d.ancestors ?? []).map(String), id],
    });
  }
  return nodes;
}
