// The location tree as access reads it: which stores lie under which areas, cached per business behind a version in Mongo.
import { Schema, model, type Types } from 'mongoose';
import { coalescedRead } from '../lib/coalesce';
import { disconnectUser } from '../lib/realtime';
import { StoreModel } from '../modules/stores/store.model';
import { AreaModel } from './area.model';
import { MembershipModel } from './membership.model';

/**
 * One counter per business, bumped after every write that changes which stores lie under which area (a store added
 * or moved, an area moved or deleted). Every instance reads it (a point read by _id) before trusting its cached tree,
 * so a change made on one instance is seen by the next request on any other: no Redis needed, no TTL to wait out.
 */
const treeVersionSchema = new Schema(
  { _id: { type: Schema.Types.ObjectId, required: true }, v: { type: Number, default: 0 } },
  { versionKey: false },
);
export const AreaTreeVersionModel = model('AreaTreeVersion', treeVersionSchema, 'areatreeversions');

/** A business's tree, read once: stores under each area (its whole subtree) and each area's path up to the top. */
export interface AreaTree {
  business: string;
  version: number;
  /** Every store (live or deleted) under any of the areas, deduplicated; unknown areas add nothing. */
  storesUnder(areaIds: readonly string[]): string[];
  /** The area, the areas above it and the top area (the business's id); [] for an unknown area. */
  pathOf(areaId: string): string[];
  /** The store's area and every area above it; a store without a known area sits under the top area. */
  pathOfStore(storeId: string): string[];
  /** True when the area is one of the granted areas or lies under one. */
  covers(granted: readonly string[], areaId: string): boolean;
}

const MAX_CACHED = 500;
const cache = new Map<string, AreaTree>();

function build(
  business: string,
  version: number,
  areas: Array<{ _id: Types.ObjectId; ancestors?: Types.ObjectId[] | null }>,
  stores: Array<{ _id: Types.ObjectId; area?: Types.ObjectId | null }>,
): AreaTree {
  const paths = new Map<string, string[]>([[business, [business]]]);
  for (const a of areas) {
    const path = [String(a._id), ...(a.ancestors ?? []).map(String).reverse()];
    if (path.at(-1) !== business) path.push(business);
    paths.set(String(a._id), [...new Set(path)]);
  }
  const under = new Map<string, string[]>();
  const storePath = new Map<string, string[]>();
  for (const s of stores) {
    const path = paths.get(String(s.area)) ?? [business];
    storePath.set(String(s._id), path);
    for (const a of path) {
      let list = under.get(a);
      if (!list) under.set(a, (list = []));
      list.push(String(s._id));
    }
  }
  return {
    business,
    version,
    storesUnder: (ids) => [...new Set(ids.flatMap((id) => under.get(String(id)) ?? []))],
    pathOf: (id) => paths.get(String(id)) ?? [],
    pathOfStore: (id) => storePath.get(String(id)) ?? [business],
    covers: (granted, id) => {
      const path = paths.get(String(id)) ?? [];
      return granted.some((g) => path.includes(String(g)));
    },
  };
}

async function versionOf(business: string): Promise<number> {
  // concurrent requests of one business share the point read (each from a read begun after it asked)
  const doc = await coalescedRead(`area-tree-version:${business}`, () =>
    AreaTreeVersionModel.findById(business, { v: 1 }).lean(),
  );
  return doc?.v ?? 0;
}

/** The business's tree: this instance's copy when its version is still the current one, else read afresh. */
export async function areaTree(businessId: unknown): Promise<AreaTree> {
  const business = String(businessId);
  const version = await versionOf(business);
  const hit = cache.get(business);
  if (hit && hit.version === version) return hit;
  const [areas, stores] = await Promise.all([
    AreaModel.find({ business }, { ancestors: 1 }).lean(),
    StoreModel.find({ business }, { area: 1 }).lean(),
  ]);
  const tree = build(business, version, areas, stores);
  // Read while a change was being made, it may be newer than `version`: the bump that follows replaces it.
  cache.delete(business);
  cache.set(business, tree);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return tree;
}

/**
 * Called after (never before) a write that changes which stores lie under which area: every instance's next read of
 * the business's tree builds it again. Returns nothing useful; awaited so the writer's response follows the bump.
 */
export async function treeChanged(businessId: unknown): Promise<void> {
  const business = String(businessId);
  cache.delete(business);
  try {
    await AreaTreeVersionModel.updateOne({ _id: business }, { $inc: { v: 1 } }, { upsert: true });
  } catch (err) {
    // Two first bumps at once: the other upsert created the counter, so increment it.
    if ((err as { code?: number }).code !== 11000) throw err;
    await AreaTreeVersionModel.updateOne({ _id: business }, { $inc: { v: 1 } });
  }
}

/** Forgets every cached tree (tests that rewrite the database behind the API's back). */
export function forgetAreaTrees(): void {
  cache.clear();
}

/**
 * After a write that changed the tree (`before` read just before it): bumps the version, then closes the sockets of
 * every area-granted member whose stores changed, on any instance, the same door as a removed member's — their web
 * app re-reads its figures (a store moved out of a district leaves its manager's open dashboard) and reconnects.
 */
export async function afterTreeChange(businessId: unknown, before: AreaTree): Promise<void> {
  await treeChanged(businessId);
  const members = await MembershipModel.find(
    { business: String(businessId), allStores: false, 'areas.0': { $exists: true } },
    { user: 1, areas: 1 },
  ).lean();
  if (members.length === 0) return;
  const after = await areaTree(businessId);
  for (const m of members) {
    const areas = (m.areas ?? []).map(String);
    const was = new Set(before.storesUnder(areas));
    const now = after.storesUnder(areas);
    if (now.length !== was.size || now.some((s) => !was.has(s))) disconnectUser(String(m.user));
  }
}
