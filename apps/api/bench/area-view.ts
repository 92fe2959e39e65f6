// The dashboard bench's area view: a region of N stores in a chain whose rollups hold 1 M ratings; p50/p95 of its reads.
import { Types } from 'mongoose';
import { addDays, localDay } from '../src/lib/time';
import {
  keyString,
  ratingRollupChanges,
  type RollupRowChange,
} from '../src/modules/analytics/rollup.contribution';
import { BusinessRollupModel, RollupModel } from '../src/modules/analytics/rollup.model';
import { StoreModel } from '../src/modules/stores/store.model';
import { insertArea, rootArea } from '../src/tenancy/areas';
import { makeUser } from '../test/factories';

export const AREA_STORES = Number(process.env.BENCH_AREA_STORES ?? 300);
export const AREA_RATINGS = Number(process.env.BENCH_AREA_RATINGS ?? 1_000_000);
const ZONES = ['Europe/London', 'America/New_York', 'Australia/Sydney'];
const DISTRICTS = 10;
const DAYS = 180;

type Row = { key: RollupRowChange['key']; business: unknown; fields: Record<string, number> };

/** Adds a change into the in-memory row it belongs to (nested hour cells as the $inc's dotted paths would make). */
function fold(rows: Map<string, Row>, change: RollupRowChange): void {
  const id = keyString(change.key, change.business);
  let row = rows.get(id);
  if (!row) rows.set(id, (row = { key: change.key, business: change.business, fields: {} }));
  for (const [field, n] of Object.entries(change.inc)) row.fields[field] = (row.fields[field] ?? 0) + n;
}

/** Dotted fields ("h.9.n") as the nested document an $inc upsert leaves. */
function nest(fields: Record<string, number>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, n] of Object.entries(fields)) {
    const parts = path.split('.');
    let at = out;
    for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
    at[parts.at(-1)!] = n;
  }
  return out;
}

/**
 * A chain: the region under test (AREA_STORES stores in ten districts) and a tenth as many stores elsewhere; the
 * rollups of AREA_RATINGS ratings over the last 180 days, made by the app's own `ratingRollupChanges` (the one
 * definition submits and the rebuild use) and bulk-inserted (dashboards read rollups only, so no raw rating is
 * stored). Returns the owner's token and the region's id.
 */
export async function seedAreaView(): Promise<{
  token: string;
  region: string;
  stores: number;
  rows: number;
}> {
  const owner = await makeUser({
    fullname: 'Area Owner',
    email: 'area-bench@example.com',
    timeZone: 'Europe/London',
  });
  const business = new Types.ObjectId(owner.id);
  const root = await rootArea(owner.id);
  const region = await insertArea(business, 'Region under test', root);
  const elsewhere = await insertArea(business, 'Elsewhere', root);
  const districts: Array<{ _id: Types.ObjectId }> = [];
  for (let d = 0; d < DISTRICTS; d++) districts.push(await insertArea(business, `District ${d}`, region));
  const others = Math.max(1, Math.round(AREA_STORES / 10));
  const docs = Array.from({ length: AREA_STORES + others }, (_, i) => ({
    _id: new Types.ObjectId(),
    business,
    name: `Store ${i}`,
    timeZone: ZONES[i % ZONES.length]!,
    area: i < AREA_STORES ? districts[i % DISTRICTS]!._id : elsewhere._id,
    staff: [new Types.ObjectId(), new Types.ObjectId()],
  }));
  await StoreModel.insertMany(docs.map(({ staff: _staff, ...store }) => store));
  const rows = new Map<string, Row>();
  const today = localDay(new Date(), 'UTC');
  // every store on every day, in turn; the rest from a seeded generator (a value of n alone would tie kind, person
  // and hour to the store)
  let seed = 20261127;
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 4294967296;
  };
  for (let n = 0; n < AREA_RATINGS; n++) {
    const store = docs[n % docs.length]!;
    const isStaff = next() < 2 / 3;
    const changes = ratingRollupChanges({
      business,
      store: store._id,
      // two people per store
      staff: isStaff ? store.staff[next() < 0.5 ? 0 : 1]! : null,
      kind: isStaff ? 'staff' : 'experience',
      score: 1 + Math.floor(next() * 5),
      day: addDays(today, -(Math.floor(n / docs.length) % DAYS)),
      hour: Math.floor(next() * 24),
    });
    for (const c of changes) fold(rows, c);
  }
  const storeRows = [];
  const businessRows = [];
  for (const r of rows.values()) {
    const doc = { business, metric: r.key.metric, day: r.key.day, ...nest(r.fields) };
    if (r.key.store === null) businessRows.push(doc);
    else storeRows.push({ ...doc, store: r.key.store, staff: r.key.staff });
  }
  for (let i = 0; i < storeRows.length; i += 2_000)
    await RollupModel.insertMany(storeRows.slice(i, i + 2_000), { ordered: false, lean: true });
  await BusinessRollupModel.insertMany(businessRows, { ordered: false, lean: true });
  return { token: owner.token, region: String(region._id), stores: AREA_STORES, rows: rows.size };
}

/** The area view's calls: what a regional manager's dashboard opens with. */
export const areaCalls = (region: string): Record<string, string> => ({
  'area overview 90 d': `/api/v1/analytics/overview?period=last90&areas=${region}`,
  'area league': `/api/v1/analytics/area-league?period=last30&parent=${region}`,
});
