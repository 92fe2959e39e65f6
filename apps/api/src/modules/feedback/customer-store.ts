// What a customer may see of a store (public fields only), its interface switches, and the staff offered for rating.
import mongoose, { type Types } from 'mongoose';
import { SOCIAL_NETWORKS, type TCustomerStaff, type TCustomerStore } from '@cx/contracts';
import { batchedRead, coalescedRead } from '../../lib/coalesce';
import { AppError, notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { storeHasRota } from '../rota/rota-presence';
import { ShiftModel } from '../rota/shift.model';
import { StaffModel, type StaffDoc } from '../staff/staff.model';
import { StoreModel, type StoreDoc } from '../stores/store.model';
import { publicBrand } from '../brand/brand.service';
import { customChipsOf } from './feedback-chips.service';

/** Shifts are entered as two times within a day, so one never lasts 24 hours: bounds the rota look-up. */
const MAX_SHIFT_MS = 24 * 3600 * 1000;

export type InterfaceName = 'staff' | 'experience' | 'social';

export async function loadOpenStore(storeId: string): Promise<StoreDoc> {
  if (!mongoose.isValidObjectId(storeId)) throw notFound('Store');
  // A busy store's concurrent submits share one read (each from after its own request began); read-only.
  const store = await coalescedRead(`open-store:${storeId}`, () =>
    StoreModel.findOne({ _id: storeId, deletedAt: null }).lean<StoreDoc>(),
  );
  if (!store) throw notFound('Store');
  return store;
}

export function interfacesOf(store: StoreDoc): Record<InterfaceName, boolean> {
  const i = store.interfaces;
  return {
    staff: i?.interface1?.status ?? true,
    experience: i?.interface2?.status ?? true,
    social: i?.interface3?.status ?? true,
  };
}

const DISABLED_MESSAGES: Record<InterfaceName, string> = {
  staff: 'Rating staff is turned off for this store right now.',
  experience: 'Rating the experience is turned off for this store right now.',
  social: "This store's social links are turned off right now.",
};

/** A disabled interface refuses submits with 403 and says which one. */
export function requireInterface(store: StoreDoc, name: InterfaceName): void {
  if (!interfacesOf(store)[name]) throw new AppError('INTERFACE_DISABLED', DISABLED_MESSAGES[name], 403);
}

export function requireAnyInterface(store: StoreDoc): void {
  const on = interfacesOf(store);
  if (!on.staff && !on.experience && !on.social) {
    throw new AppError('INTERFACE_DISABLED', 'This store is not taking feedback right now.', 403);
  }
}

const activeStaffOf = (store: StoreDoc) => ({
  business: store.business,
  stores: store._id,
  active: true,
  deletedAt: null,
});

/**
 * Is the person on a rota shift at this store at this instant (start inclusive, end exclusive)? Concurrent submits at
 * one store share one read (batchedRead): the shifts of all their people that cover any of their instants, each
 * caller then judged on its own instant.
 */
export async function isOnShift(store: Types.ObjectId, staff: Types.ObjectId, now: Date): Promise<boolean> {
  const on = await batchedRead(`on-shift:${String(store)}`, `${String(staff)}|${now.getTime()}`, (keys) =>
    onShiftOf(store, keys),
  );
  return on === true;
}

/** The answers for `<staff>|<instant ms>` keys, from one read of the shifts that can hold any of them. */
async function onShiftOf(store: Types.ObjectId, keys: string[]): Promise<Map<string, boolean>> {
  const asked = keys.map((key) => {
    const [staff, ms] = key.split('|');
    return { key, staff: staff!, at: Number(ms) };
  });
  const first = Math.min(...asked.map((a) => a.at));
  const last = Math.max(...asked.map((a) => a.at));
  const shifts = await ShiftModel.find(
    {
      store,
      staff: { $in: [...new Set(asked.map((a) => a.staff))].map((id) => new mongoose.Types.ObjectId(id)) },
      start: { $lte: new Date(last), $gt: new Date(first - MAX_SHIFT_MS) },
      end: { $gt: new Date(first) },
    },
    { staff: 1, start: 1, end: 1 },
  ).lean();
  const holds = (a: (typeof asked)[number]) =>
    shifts.some(
      (s) =>
        String(s.staff) === a.staff &&
        s.start.getTime() <= a.at &&
        s.start.getTime() > a.at - MAX_SHIFT_MS &&
        s.end.getTime() > a.at,
    );
  return new Map(asked.map((a) => [a.key, holds(a)]));
}

/** Everyone on a rota shift at the store at this instant (start inclusive, end exclusive): credited by experience ratings. */
export async function staffOnShiftAt(store: Types.ObjectId, now: Date): Promise<Types.ObjectId[]> {
  const shifts = await ShiftModel.find(
    { store, start: { $lte: now, $gt: new Date(now.getTime() - MAX_SHIFT_MS) }, end: { $gt: now } },
    { staff: 1 },
  ).lean();
  return [...new Map(shifts.map((s) => [String(s.staff), s.staff])).values()];
}

export { storeHasRota } from '../rota/rota-presence';

/**
 * Staff on shift at the store now (shifts are stored as UTC instants computed from the store's local times, so
 * "now" needs no zone arithmetic here); when nobody is, every active member, and onShift is false.
 */
export async function staffForCustomer(
  store: StoreDoc,
  now: Date,
): Promise<{ staff: StaffDoc[]; onShift: boolean; hasRota: boolean }> {
  const shifts = await ShiftModel.find(
    {
      store: store._id,
      start: { $lte: now, $gt: new Date(now.getTime() - MAX_SHIFT_MS) },
      end: { $gt: now },
    },
    { staff: 1 },
  ).lean();
  if (shifts.length) {
    const onShift = await StaffModel.find({
      ...activeStaffOf(store),
      _id: { $in: shifts.map((s) => s.staff) },
    })
      .sort({ name: 1 })
      .lean<StaffDoc[]>();
    if (onShift.length) return { staff: onShift, onShift: true, hasRota: true };
  }
  const [everyone, hasRota] = await Promise.all([
    StaffModel.find(activeStaffOf(store)).sort({ name: 1 }).lean<StaffDoc[]>(),
    shifts.length ? true : storeHasRota(store._id as Types.ObjectId),
  ]);
  return { staff: everyone, onShift: false, hasRota };
}

/**
 * An active member working at the store, or null; needs only the ids (the caller checks the owner against the store it
 * loaded in the same round trip).
 */
export async function findStaffAt(store: Types.ObjectId, staff: Types.ObjectId): Promise<StaffDoc | null> {
  // concurrent submits at one store: one read for all the people they rate
  return batchedRead(`staff-at:${String(store)}`, String(staff), async (ids) => {
    const found = await StaffModel.find({
      _id: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) },
      stores: store,
      active: true,
      deletedAt: null,
    }).lean<StaffDoc[]>();
    return new Map(found.map((m) => [String(m._id), m]));
  });
}

export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

function toCustomerStaff(member: StaffDoc): TCustomerStaff {
  return {
    _id: String(member._id),
    firstName: firstNameOf(member.name),
    role: member.role ?? '',
    photo: fileUrl(member.photo),
  };
}

export function socialLinksOf(store: StoreDoc): TCustomerStore['socialLinks'] {
  const links = (store.socialLinks ?? {}) as Partial<Record<(typeof SOCIAL_NETWORKS)[number], string | null>>;
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = links[network];
    return url ? [{ network, url }] : [];
  });
}

/** GET /feedback/stores/:storeId — one round trip for a phone on weak 4G. */
export async function customerStore(storeId: string, now: Date): Promise<TCustomerStore> {
  const store = await loadOpenStore(storeId);
  const on = interfacesOf(store);
  const [{ staff, onShift, hasRota }, brand, chips] = await Promise.all([
    on.staff ? staffForCustomer(store, now) : { staff: [], onShift: false, hasRota: false },
    publicBrand(store.business),
    customChipsOf(store.business),
  ]);
  return {
    _id: String(store._id),
    name: store.name,
    image: fileUrl(store.image),
    interfaces: on,
    socialLinks: on.social ? socialLinksOf(store) : [],
    staff: staff.map(toCustomerStaff),
    onShift,
    hasRota,
    languages: store.languages?.length ? [...store.languages] : undefined,
    brand,
    chips: chips ?? undefined,
  };
}
