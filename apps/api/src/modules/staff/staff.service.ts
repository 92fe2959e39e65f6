// Staff logic: tenant-scoped list with filters, create/update (stores must be the owner's), photo, soft delete.
import type { TStaff, TStaffInput, TStaffListQuery, TStaffUpdate } from '@cx/contracts';
import { ZStaffInputSchema, ZStaffListQuerySchema, ZStaffUpdateSchema } from '@cx/contracts';
import mongoose from 'mongoose';
import { AppError, notFound } from '../../lib/errors';
import { deleteFile, fileUrl, replaceImage } from '../../lib/files';
import { ShiftModel } from '../rota/shift.model';
import { StoreModel } from '../stores/store.model';
import { StaffModel, type StaffDoc } from './staff.model';

interface StoreRef {
  _id: string;
  name: string;
}

/** Live stores of the owner by id, for naming them and dropping deleted ones. */
async function storeNames(business: string, ids: string[]): Promise<Map<string, StoreRef>> {
  if (ids.length === 0) return new Map();
  const rows = await StoreModel.find({ _id: { $in: ids }, business, deletedAt: null }, { name: 1 }).lean();
  return new Map(rows.map((s) => [String(s._id), { _id: String(s._id), name: s.name }]));
}

function toStaffDto(member: StaffDoc, stores: Map<string, StoreRef>): TStaff {
  return {
    _id: String(member._id),
    name: member.name,
    photo: fileUrl(member.photo),
    role: member.role ?? '',
    stores: (member.stores ?? []).flatMap((id) => stores.get(String(id)) ?? []),
    active: member.active !== false,
    createdAt: (member as { createdAt?: Date }).createdAt?.toISOString() ?? new Date(0).toISOString(),
    updatedAt: (member as { updatedAt?: Date }).updatedAt?.toISOString() ?? new Date(0).toISOString(),
  };
}

async function present(business: string, members: StaffDoc[]): Promise<TStaff[]> {
  const ids = [...new Set(members.flatMap((m) => (m.stores ?? []).map(String)))];
  const names = await storeNames(business, ids);
  return members.map((m) => toStaffDto(m, names));
}

/** Every store id must be one of the owner's live stores; otherwise 404, the same answer as an unknown id. */
async function assertOwnStores(business: string, ids: string[]): Promise<void> {
  const found = await storeNames(business, ids);
  if (ids.some((id) => !found.has(id))) throw notFound('Store');
}

export async function findOwnedStaff(business: string, id: string): Promise<StaffDoc> {
  if (!mongoose.isValidObjectId(id)) throw notFound('Staff member');
  const member = await StaffModel.findOne({ _id: id, business, deletedAt: null }).lean<StaffDoc>();
  if (!member) throw notFound('Staff member');
  return member;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function listStaff(business: string, query: TStaffListQuery = {}): Promise<TStaff[]> {
  const { q, store, status } = ZStaffListQuerySchema.parse(query);
  const filter: Record<string, unknown> = { business, deletedAt: null };
  if (store) filter.stores = new mongoose.Types.ObjectId(store);
  if (status !== 'all') filter.active = status === 'active';
  if (q) {
    const re = { $regex: escapeRegex(q), $options: 'i' };
    filter.$or = [{ name: re }, { role: re }];
  }
  const members = await StaffModel.find(filter).lean<StaffDoc[]>();
  members.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return present(business, members);
}

export async function getStaff(business: string, id: string): Promise<TStaff> {
  const [dto] = await present(business, [await findOwnedStaff(business, id)]);
  return dto!;
}

export async function createStaff(business: string, input: TStaffInput): Promise<TStaff> {
  const data = ZStaffInputSchema.parse(input);
  await assertOwnStores(business, data.stores);
  const member = await StaffModel.create({ business, ...data });
  return getStaff(business, String(member._id));
}

/** Applies `$set` to a live staff member of this owner in one atomic update; null when there is none (any more). */
async function setOnOwnedStaff(
  business: string,
  id: string,
  $set: Record<string, unknown>,
): Promise<StaffDoc | null> {
  return StaffModel.findOneAndUpdate(
    { _id: id, business, deletedAt: null },
    { $set },
    { returnDocument: 'after' },
  ).lean<StaffDoc>();
}

export async function updateStaff(business: string, id: string, input: TStaffUpdate): Promise<TStaff> {
  const data = ZStaffUpdateSchema.parse(input);
  await findOwnedStaff(business, id);
  if (data.stores) await assertOwnStores(business, data.stores);
  const $set = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  const member = await setOnOwnedStaff(business, id, $set);
  if (!member) throw notFound('Staff member');
  const [dto] = await present(business, [member]);
  return dto!;
}

/** Soft delete: ratings keep naming the person; shifts that have not started yet go, past ones stay for history. */
export async function deleteStaff(business: string, id: string, now = new Date()): Promise<{ message: string }> {
  const member = await findOwnedStaff(business, id);
  const updated = await StaffModel.updateOne(
    { _id: id, business, deletedAt: null },
    { $set: { deletedAt: now, active: false } },
  );
  if (updated.matchedCount === 0) throw notFound('Staff member');
  const { deletedCount } = await ShiftModel.deleteMany({ business, staff: member._id, start: { $gte: now } });
  const shifts = deletedCount
    ? ` and ${deletedCount} upcoming shift${deletedCount === 1 ? '' : 's'} removed`
    : '';
  return { message: `${member.name} deleted${shifts}. Their ratings are kept for your reports.` };
}

export async function setStaffPhoto(
  business: string,
  id: string,
  file: { buffer: Buffer } | undefined,
): Promise<TStaff> {
  if (!file?.buffer?.length) {
    throw new AppError('IMAGE_REQUIRED', 'Please choose a photo to upload', 400, {
      image: ['Please choose a photo to upload'],
    });
  }
  const before = await findOwnedStaff(business, id);
  const member = await replaceImage(file.buffer, {
    business,
    purpose: 'staff',
    previous: before.photo,
    attach: (photo) => setOnOwnedStaff(business, id, { photo }),
    gone: () => notFound('Staff member'),
  });
  const [dto] = await present(business, [member]);
  return dto!;
}

export async function removeStaffPhoto(business: string, id: string): Promise<TStaff> {
  const before = await findOwnedStaff(business, id);
  const member = await setOnOwnedStaff(business, id, { photo: null });
  if (!member) throw notFound('Staff member');
  await deleteFile(before.photo);
  const [dto] = await present(business, [member]);
  return dto!;
}
