// Rota logic over the member's stores: week views, shift create/move/delete (no overlaps), copying a week, on shift.
import type {
  TCopyWeekInput,
  TOnShiftStore,
  TRotaStaff,
  TRotaWeek,
  TShift,
  TShiftInput,
  TShiftUpdate,
} from '@cx/contracts';
import mongoose, { type Types } from 'mongoose';
import { AppError, notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { StaffModel, type StaffDoc } from '../staff/staff.model';
import { findStoreInScope } from '../stores/stores.service';
import { coversStore, scopeFilter, type Access } from '../../tenancy/access';
import { auditCopyWeek, auditShiftCreate, auditShiftDelete, auditShiftUpdate } from './rota.audit';
import { StoreModel, type StoreDoc } from '../stores/store.model';
import { noteRota } from './rota-presence';
import { ShiftModel, type ShiftDoc } from './shift.model';
import { withStaffLock } from './shift-lock';
import {
  addDays,
  localView,
  mondayOf,
  shiftInterval,
  shortDay,
  todayIn,
  type ShiftInterval,
} from './rota.time';

export function toShiftDto(shift: ShiftDoc, timeZone: string): TShift {
  const view = localView(shift.start, shift.end, timeZone);
  return {
    _id: String(shift._id),
    store: String(shift.store),
    staff: String(shift.staff),
    day: shift.day,
    start: shift.start.toISOString(),
    end: shift.end.toISOString(),
    startTime: view.startTime,
    endTime: view.endTime,
    endDay: view.endDay,
    durationMinutes: view.durationMinutes,
  };
}

/** A shift of the business at one of the member's stores, or 404. */
async function findOwnedShift(access: Access, id: string): Promise<ShiftDoc> {
  if (!mongoose.isValidObjectId(id)) throw notFound('Shift');
  const shift = await ShiftModel.findOne({ _id: id, business: access.businessId }).lean<ShiftDoc>();
  if (!shift || !coversStore(access, String(shift.store))) throw notFound('Shift');
  return shift;
}

/** The person must be the owner's, not deleted, active and working at the store. */
async function rostrableStaff(business: string, staffId: string, store: StoreDoc): Promise<StaffDoc> {
  if (!mongoose.isValidObjectId(staffId)) throw notFound('Staff member');
  const member = await StaffModel.findOne({ _id: staffId, business, deletedAt: null }).lean<StaffDoc>();
  if (!member) throw notFound('Staff member');
  if (member.active === false) {
    throw new AppError(
      'STAFF_INACTIVE',
      `${member.name} is deactivated. Reactivate them before adding shifts.`,
      400,
      {
        staff: [`${member.name} is deactivated`],
      },
    );
  }
  if (!(member.stores ?? []).some((s) => String(s) === String(store._id))) {
    const message = `${member.name} does not work at ${store.name}. Add the store to their profile first.`;
    throw new AppError('STAFF_NOT_AT_STORE', message, 400, { staff: [message] });
  }
  return member;
}

/** 409 when the person already has a shift (at any store) that overlaps [start, end). */
async function assertNoOverlap(
  access: Access,
  member: StaffDoc,
  interval: ShiftInterval,
  ignoreId?: string,
): Promise<void> {
  const filter: Record<string, unknown> = {
    business: access.businessId,
    staff: member._id,
    start: { $lt: interval.end },
    end: { $gt: interval.start },
  };
  if (ignoreId) filter._id = { $ne: new mongoose.Types.ObjectId(ignoreId) };
  const clash = await ShiftModel.findOne(filter).lean<ShiftDoc>();
  if (!clash) return;
  const store = await StoreModel.findById(clash.store, { name: 1, timeZone: 1 }).lean<StoreDoc>();
  const view = localView(clash.start, clash.end, store?.timeZone ?? 'UTC');
  // A store the member does not cover is not named to them.
  const where = store && coversStore(access, String(store._id)) ? store.name : 'another store';
  const message =
    `${member.name} already has a shift at ${where} on ${shortDay(view.day)}, ` +
    `${view.startTime}–${view.endTime}, which overlaps this one.`;
  throw new AppError('SHIFT_OVERLAP', message, 409, { start: [message] });
}

export async function getWeek(
  access: Access,
  storeId: string,
  week?: string,
  now = new Date(),
): Promise<TRotaWeek> {
  const business = access.businessId;
  const store = await findStoreInScope(access, storeId);
  const weekStart = mondayOf(week ?? todayIn(store.timeZone, now));
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const shifts = await ShiftModel.find({ business, store: store._id, day: { $gte: days[0], $lte: days[6] } })
    .sort({ start: 1 })
    .lean<ShiftDoc[]>();
  const shiftStaffIds = [...new Set(shifts.map((s) => String(s.staff)))];
  const members = await StaffModel.find({
    business,
    $or: [{ stores: store._id, deletedAt: null }, { _id: { $in: shiftStaffIds } }],
  }).lean<StaffDoc[]>();
  const staff: TRotaStaff[] = members
    .map((m) => ({
      _id: String(m._id),
      name: m.name,
      photo: fileUrl(m.photo),
      role: m.role ?? '',
      active: m.active !== false && !m.deletedAt,
      worksHere: !m.deletedAt && (m.stores ?? []).some((s) => String(s) === String(store._id)),
    }))
    .sort((a, b) => Number(b.worksHere) - Number(a.worksHere) || a.name.localeCompare(b.name));
  return {
    store: { _id: String(store._id), name: store.name, timeZone: store.timeZone },
    staff,
    weekStart,
    days,
    shifts: shifts.map((s) => toShiftDto(s, store.timeZone)),
  };
}

export async function createShift(access: Access, input: TShiftInput): Promise<TShift> {
  const business = access.businessId;
  const store = await findStoreInScope(access, input.store);
  const member = await rostrableStaff(business, input.staff, store);
  const interval = shiftInterval(input.date, input.start, input.end, store.timeZone);
  const shift = await withStaffLock(member._id, async () => {
    await assertNoOverlap(access, member, interval);
    return ShiftModel.create({ business, store: store._id, staff: member._id, ...interval });
  });
  noteRota([store._id]);
  await auditShiftCreate(access, store, member.name, shift);
  return toShiftDto(shift.toObject() as ShiftDoc, store.timeZone);
}

export async function updateShift(access: Access, id: string, input: TShiftUpdate): Promise<TShift> {
  const business = access.businessId;
  const current = await findOwnedShift(access, id);
  const store = await findStoreInScope(access, String(current.store));
  const was = localView(current.start, current.end, store.timeZone);
  const member = await rostrableStaff(business, input.staff ?? String(current.staff), store);
  const interval = shiftInterval(
    input.date ?? current.day,
    input.start ?? was.startTime,
    input.end ?? was.endTime,
    store.timeZone,
  );
  const shift = await withStaffLock(member._id, async () => {
    await assertNoOverlap(access, member, interval, id);
    return ShiftModel.findOneAndUpdate(
      { _id: id, business },
      { $set: { staff: member._id, ...interval } },
      { returnDocument: 'after' },
    ).lean<ShiftDoc>();
  });
  if (!shift) throw notFound('Shift');
  const wasStaff =
    String(current.staff) === String(member._id)
      ? member
      : await StaffModel.findById(current.staff, { name: 1 }).lean<StaffDoc>();
  await auditShiftUpdate(
    access,
    store,
    { staff: wasStaff?.name ?? null, shift: current },
    { staff: member.name, shift },
  );
  return toShiftDto(shift, store.timeZone);
}

export async function deleteShift(access: Access, id: string): Promise<{ message: string }> {
  const current = await findOwnedShift(access, id);
  const deleted = await ShiftModel.deleteOne({ _id: id, business: access.businessId });
  if (deleted.deletedCount === 0) throw notFound('Shift');
  const [store, member] = await Promise.all([
    StoreModel.findById(current.store, { name: 1, timeZone: 1 }).lean<StoreDoc>(),
    StaffModel.findById(current.staff, { name: 1 }).lean<StaffDoc>(),
  ]);
  if (store) await auditShiftDelete(access, store, member?.name ?? null, current);
  return { message: 'Shift removed' };
}

/**
 * Copies last week's shifts into the given week at the same local wall-clock times (so a 09:00 shift stays 09:00
 * across a DST change, rather than moving by a fixed 168 hours). Shifts that would overlap, or whose person no longer
 * works here, are skipped and listed; copying twice therefore adds nothing the second time.
 */
export async function copyPreviousWeek(access: Access, input: TCopyWeekInput) {
  const business = access.businessId;
  const store = await findStoreInScope(access, input.store);
  const target = mondayOf(input.week);
  const source = addDays(target, -7);
  const sourceShifts = await ShiftModel.find({
    business,
    store: store._id,
    day: { $gte: source, $lte: addDays(source, 6) },
  })
    .sort({ start: 1 })
    .lean<ShiftDoc[]>();
  const members = await StaffModel.find({ business, _id: { $in: sourceShifts.map((s) => s.staff) } }).lean<
    StaffDoc[]
  >();
  const byId = new Map(members.map((m) => [String(m._id), m]));

  const created: TShift[] = [];
  const skipped: Array<{ staffName: string; day: string; reason: string }> = [];
  for (const shift of sourceShifts) {
    const member = byId.get(String(shift.staff));
    const view = localView(shift.start, shift.end, store.timeZone);
    const day = addDays(shift.day, 7);
    const staffName = member?.name ?? 'Unknown staff member';
    try {
      if (!member || member.deletedAt) throw new AppError('STAFF_GONE', `${staffName} has been deleted`, 400);
      await rostrableStaff(business, String(member._id), store);
      const interval = shiftInterval(day, view.startTime, view.endTime, store.timeZone);
      const doc = await withStaffLock(member._id, async () => {
        await assertNoOverlap(access, member, interval);
        return ShiftModel.create({ business, store: store._id, staff: member._id, ...interval });
      });
      noteRota([store._id]);
      created.push(toShiftDto(doc.toObject() as ShiftDoc, store.timeZone));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ staffName, day, reason: err.message });
    }
  }
  const message =
    sourceShifts.length === 0
      ? `There are no shifts in the week of ${shortDay(source)} to copy.`
      : `Copied ${created.length} shift${created.length === 1 ? '' : 's'} from the week of ${shortDay(source)}` +
        (skipped.length ? `; ${skipped.length} skipped.` : '.');
  if (created.length > 0) await auditCopyWeek(access, store, target, created.length, skipped.length);
  return { message, created: created.length, skipped, shifts: created };
}

/** Who is on shift at the instant, per live store: start inclusive, end exclusive; deactivated people are left out. */
export async function onShift(access: Access, query: { store?: string; at?: string }, now = new Date()) {
  const business = access.businessId;
  const at = query.at ? new Date(query.at) : now;
  const stores = query.store
    ? [await findStoreInScope(access, query.store)]
    : await StoreModel.find({ ...scopeFilter(access, '_id'), deletedAt: null }).lean<StoreDoc[]>();
  stores.sort((a, b) => a.name.localeCompare(b.name));
  const storeIds = stores.map((s) => s._id as Types.ObjectId);
  const shifts = await ShiftModel.find({
    business,
    store: { $in: storeIds },
    start: { $lte: at },
    end: { $gt: at },
  })
    .sort({ start: 1 })
    .lean<ShiftDoc[]>();
  const members = await StaffModel.find({
    business,
    _id: { $in: shifts.map((s) => s.staff) },
    deletedAt: null,
    active: true,
  }).lean<StaffDoc[]>();
  const byId = new Map(members.map((m) => [String(m._id), m]));

  const result: TOnShiftStore[] = stores.map((store) => {
    const here = localView(at, at, store.timeZone);
    return {
      _id: String(store._id),
      name: store.name,
      image: fileUrl(store.image),
      timeZone: store.timeZone,
      localDay: here.day,
      localTime: here.startTime,
      staff: shifts
        .filter((s) => String(s.store) === String(store._id) && byId.has(String(s.staff)))
        .map((s) => {
          const m = byId.get(String(s.staff))!;
          return {
            _id: String(m._id),
            name: m.name,
            photo: fileUrl(m.photo),
            role: m.role ?? '',
            shift: toShiftDto(s, store.timeZone),
          };
        }),
    };
  });
  return { at: at.toISOString(), stores: result };
}
