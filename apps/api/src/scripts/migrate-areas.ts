// The Areas migration: every business gets its top area (named after it) holding every store that has no area yet.
import { StoreModel } from '../modules/stores/store.model';
import { AreaModel } from '../tenancy/area.model';
import { treeChanged } from '../tenancy/area-tree';
import { rootArea } from '../tenancy/areas';
import { BusinessModel } from '../tenancy/business.model';

export interface AreaMigrationCounts {
  /** Top areas created. */
  rootAreas: number;
  /** Stores (live or deleted, so history keeps a place) put under their business's top area. */
  storesPlaced: number;
  /** Both added up: 0 when the database was already migrated. */
  changes: number;
}

/**
 * Idempotent: a business that has its top area keeps it (and its whole tree); only stores without an area move, so
 * stores already placed in a district stay there and memberships keep their store grants untouched (their `areas`
 * default to none: nothing to migrate for roles at an area).
 */
export async function migrateToAreas(): Promise<AreaMigrationCounts> {
  // migrate runs without automatic index builds: the sibling-name index must exist before top areas are created.
  await AreaModel.createIndexes();
  let rootAreas = 0;
  let storesPlaced = 0;
  for await (const business of BusinessModel.find({}, { _id: 1 }).lean().cursor()) {
    const id = String(business._id);
    if (!(await AreaModel.exists({ business: id, isRoot: true }))) rootAreas += 1;
    const root = await rootArea(id);
    const placed = await StoreModel.updateMany({ business: id, area: null }, { $set: { area: root._id } });
    storesPlaced += placed.modifiedCount;
    // Stores without an area already counted as under the top area; the bump only keeps every cached tree honest.
    if (placed.modifiedCount) await treeChanged(id);
  }
  return { rootAreas, storesPlaced, changes: rootAreas + storesPlaced };
}
