// Who and what a dashboard call covers: the owner's live stores (or the chosen ones), each with its own period.
import mongoose, { type Types } from 'mongoose';
import type { TAnalyticsFilter, TResolvedPeriod } from '@cx/contracts';
import { notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { StaffModel } from '../staff/staff.model';
import { StoreModel } from '../stores/store.model';
import { UserModel } from '../users/user.model';
import { minSampleOf } from './analytics-settings.model';
import { labelPeriod, resolveIn, unionRange, type DayRange, type StorePeriod } from './period';

export interface ScopeStore {
  _id: Types.ObjectId;
  id: string;
  name: string;
  image: string | null;
  timeZone: string;
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
   * The owner's deleted stores when the scope is every live store (no store filter), else null: business rows
   * (summed over every store) can stand for the scope once these stores' own rows are taken out.
   */
  deletedStores: Types.ObjectId[] | null;
}

/** Stores named in the filter must be live stores of this owner; anything else is "not found" (never another's). */
export async function loadScope(business: string, filter: TAnalyticsFilter, now = new Date()): Promise<Scope> {
  const wanted = filter.stores ?? [];
  const [user, found, minSample, member] = await Promise.all([
    UserModel.findById(business, { timeZone: 1 }).lean(),
    // without a store filter the deleted ones too (set apart below), in the same round trip
    StoreModel.find(wanted.length ? { business, deletedAt: null, _id: { $in: wanted } } : { business }, {
      name: 1,
      image: 1,
      timeZone: 1,
      deletedAt: 1,
    })
      .sort({ name: 1 })
      .lean(),
    minSampleOf(business),
    filter.staff && mongoose.isValidObjectId(filter.staff)
      ? StaffModel.exists({ _id: filter.staff, business, deletedAt: null })
      : Promise.resolve(null),
  ]);
  const stores = found.filter((s) => !s.deletedAt);
  if (wanted.length && stores.length !== new Set(wanted).size) throw notFound('Store');
  if (filter.staff && !member) throw notFound('Staff member');
  const scoped: ScopeStore[] = stores.map((s) => ({
    _id: s._id,
    id: String(s._id),
    name: s.name,
    image: fileUrl(s.image),
    timeZone: s.timeZone,
    period: resolveIn(filter, s.timeZone, now),
  }));
  const label = labelPeriod(filter, user?.timeZone ?? scoped[0]?.timeZone ?? 'UTC', now);
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
    deletedStores: wanted.length ? null : found.filter((s) => s.deletedAt).map((s) => s._id),
  };
}
