// Who and what a dashboard call covers: the member's live stores (or the chosen ones of them), each with its own period.
import mongoose, { type Types } from 'mongoose';
import type { TAnalyticsFilter, TResolvedPeriod } from '@cx/contracts';
import { notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { assertOwnStores, narrowStores, type Access } from '../../tenancy/access';
import { storesUnderAreas } from '../../tenancy/area-stores';
import { areaTree } from '../../tenancy/area-tree';
import { BusinessModel } from '../../tenancy/business.model';
import { RatingModel } from '../ratings/rating.model';
import { StaffModel } from '../staff/staff.model';
import { StoreModel } from '../stores/store.model';
import { minSampleOf } from './analytics-settings.model';
import { labelPeriod, resolveIn, unionRange, type DayRange, type StorePeriod } from './period';

export interface ScopeStore {
  _id: Types.ObjectId;
  id: string;
  name: string;
  image: string | null;
  timeZone: string;
  /** The area the store sits in (null before the areas migration: the top area's). */
  area: string | null;
  period: StorePeriod;
}

export interface Scope {
  business: string;
  filter: TAnalyticsFilter;
  stores: ScopeStore[];
  byId: Map<string, ScopeStore>;
  label: TResolvedPeriod;
  minSample: number;
  /** Every store's current and previous days together. */
  span: DayRange;
  current: DayRange;
  staff?: Types.ObjectId;
  /**
   * For a member covering all stores: the business's stores outside the scope (its deleted ones, and the live ones a
   * store or area filter leaves out) when they are fewer than the scope's, else null. Business rows (summed over
   * every store) then stand for the scope once these stores' own rows are taken out: an area of 300 of 330 stores
   * reads 30 stores' rows, not 300. A member limited to some stores never reads a business row.
   */
  outsideStores: Types.ObjectId[] | null;
}

/**
 * A person a member limited to some stores may filter by: one who works at one of them, or who was rated at one of
 * them (the league lists both); anyone else of the business is "not found" to them.
 */
async function personInScope(
  access: Access,
  person: { _id: Types.ObjectId; stores?: unknown[] },
): Promise<boolean> {
  const mine = access.storeIds;
  if (mine === null || (person.stores ?? []).some((s) => mine.includes(String(s)))) return true;
  return Boolean(
    await RatingModel.exists({
      business: access.businessId,
      staff: person._id,
      store: { $in: mine.map((id) => new mongoose.Types.ObjectId(id)) },
    }),
  );
}

/**
 * The stores the filter names, inside the member's: null = every store of the business (an all-store member, no
 * filter). `stores=` names each store (one outside theirs or not of the business: 404); `areas=` keeps only the
 * stores under those areas (an area of another business: 404) — an intersection, so it can never widen their view.
 */
async function wantedStores(access: Access, filter: TAnalyticsFilter): Promise<string[] | null> {
  const asked = filter.stores ?? [];
  const narrowed = narrowStores(access, asked);
  if (!filter.areas?.length) return narrowed;
  const [under] = await Promise.all([
    storesUnderAreas(access.businessId, filter.areas),
    assertOwnStores(access, asked),
  ]);
  if (narrowed === null) return under;
  const inAreas = new Set(under);
  return narrowed.filter((id) => inAreas.has(String(id)));
}

/** The stores of `every` not in the scope, when fewer than the scope's (else null: its own rows are cheaper). */
function outsideOf(scoped: ScopeStore[], every: string[] | null): Types.ObjectId[] | null {
  if (!every) return null;
  const inside = new Set(scoped.map((s) => s.id));
  const outside = every.filter((id) => !inside.has(id));
  return outside.length < scoped.length ? outside.map((id) => new mongoose.Types.ObjectId(id)) : null;
}

/**
 * The stores a call covers: those asked for (each must be a live store of the business inside the member's stores,
 * else "not found", exactly like another business's), or every live store the member covers. A staff filter must
 * name a person of the business the member may see.
 */
export async function loadScope(access: Access, filter: TAnalyticsFilter, now = new Date()): Promise<Scope> {
  const business = access.businessId;
  const asked = filter.stores ?? [];
  // null: every store of the business (an all-store member, no filter); else the asked ones or the member's own
  const wanted = await wantedStores(access, filter);
  // an all-store member's filtered scope: every store of the business (cached tree) tells which lie outside it
  const everyStore =
    wanted && access.storeIds === null ? areaTree(business).then((t) => t.storesUnder([business])) : null;
  const [owner, found, minSample, member, all] = await Promise.all([
    BusinessModel.findById(business, { timeZone: 1 }).lean(),
    // without any narrowing the deleted ones too (set apart below), in the same round trip
    StoreModel.find(wanted ? { business, deletedAt: null, _id: { $in: wanted } } : { business }, {
      name: 1,
      image: 1,
      timeZone: 1,
      area: 1,
      deletedAt: 1,
    })
      .sort({ name: 1 })
      .lean(),
    minSampleOf(business),
    filter.staff && mongoose.isValidObjectId(filter.staff)
      ? StaffModel.findOne({ _id: filter.staff, business, deletedAt: null }, { stores: 1 }).lean()
      : Promise.resolve(null),
    everyStore,
  ]);
  const stores = found.filter((s) => !s.deletedAt);
  // with an area filter the asked stores were checked on their own (some may lie outside the areas)
  if (asked.length && !filter.areas?.length && stores.length !== new Set(asked).size) throw notFound('Store');
  if (filter.staff && (!member || !(await personInScope(access, member)))) throw notFound('Staff member');
  // one period per time zone, not per store (a chain of 300 stores has a handful of zones); stores of a zone share it
  const periods = new Map<string, ReturnType<typeof resolveIn>>();
  const periodIn = (zone: string) => {
    let period = periods.get(zone);
    if (!period) periods.set(zone, (period = resolveIn(filter, zone, now)));
    return period;
  };
  const scoped: ScopeStore[] = stores.map((s) => ({
    _id: s._id,
    id: String(s._id),
    name: s.name,
    image: fileUrl(s.image),
    timeZone: s.timeZone,
    area: s.area ? String(s.area) : null,
    period: periodIn(s.timeZone),
  }));
  const label = labelPeriod(filter, owner?.timeZone ?? scoped[0]?.timeZone ?? 'UTC', now);
  const current = unionRange(scoped.map((s) => s.period.current));
  const span = unionRange(scoped.flatMap((s) => [s.period.current, s.period.previous]));
  return {
    business,
    filter,
    stores: scoped,
    byId: new Map(scoped.map((s) => [s.id, s])),
    label,
    minSample,
    span,
    current,
    staff: member ? new mongoose.Types.ObjectId(filter.staff) : undefined,
    outsideStores: outsideOf(scoped, wanted ? all : found.map((s) => String(s._id))),
  };
}
