// The demo chain's location tree: Northwind Coffee › region › district › store, one district per demo store.
import type { Types } from 'mongoose';
import type { AreaDoc } from '../tenancy/area.model';
import { insertArea, rootArea } from '../tenancy/areas';

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
