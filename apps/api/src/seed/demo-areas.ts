// The demo chain's location tree: Northwind Coffee › region › district › store, one district per demo store.
import type { Types } from 'mongoose';
import type { AreaDoc } from '../tenancy/area.model';
import { insertArea, rootArea } from '../tenancy/areas';
import { TargetModel } from '../modules/targets/target.model';

/** Region and district of each demo store (DEMO_STORES order). */
export const DEMO_DISTRICTS = [
  { region: 'UK', district: 'London' },
  { region: 'US', district: 'New York' },
  { region: 'Australia', district: 'Sydney' },
] as const;

/** Builds the tree under the business's top area; answers each demo store's district (DEMO_STORES order). */
export async function addDemoAreas(business: Types.ObjectId): Promise<Types.ObjectId[]> {
  const root = await rootArea(String(business));
  const regions = new Map<string, AreaDoc>();
  const districts: Types.ObjectId[] = [];
  for (const { region, district } of DEMO_DISTRICTS) {
    if (!regions.has(region)) regions.set(region, await insertArea(business, region, root));
    districts.push((await insertArea(business, district, regions.get(region)!))._id);
  }
  return districts;
}

/** Targets at the chain (every store inherits them) and a stricter London district, for the RAG chips. */
export const DEMO_TARGETS = {
  chain: { average: 4.2, happy: 80, volume: 40 },
  London: { average: 4.5, happy: 85 },
} as const;

export async function addDemoTargets(business: Types.ObjectId, london: Types.ObjectId): Promise<void> {
  const rows = [
    ...Object.entries(DEMO_TARGETS.chain).map(([metric, value]) => ({ node: business, metric, value })),
    ...Object.entries(DEMO_TARGETS.London).map(([metric, value]) => ({ node: london, metric, value })),
  ];
  await TargetModel.insertMany(rows.map((r) => ({ ...r, business, nodeKind: 'area' })));
}
