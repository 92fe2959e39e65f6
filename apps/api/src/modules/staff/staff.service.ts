// Staff logic: the staff of the member's stores, create/update within their stores, photo, soft delete, audited.
import type { TStaff, TStaffInput, TStaffListQuery, TStaffUpdate } from '@cx/contracts';
import { ZStaffInputSchema, ZStaffListQuerySchema, ZStaffUpdateSchema } from '@cx/contracts';
import mongoose from 'mongoose';
import { AppError, notFound } from '../../lib/errors';
import { assertStoreInScope, coversStore, scopeFilter, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
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

/** The person as the member sees them: only the stores the member covers are named. */
function toStaffDto(member: StaffDoc, stores: Map<string, StoreRef>, access?: Access): TStaff {
  return {
    _id: String(member._id),
    name: member.name,
    photo: fileUrl(member.photo),
    role: member.role ?? '',
    email: member.email ?? null,
    stores: (member.stores ?? [])
      .filter((id) => !access || coversStore(access, String(id)))
      .flatMap((id) => stores.get(String(id)) ?? []),
    active: member.active !== false,
    createdAt: (member as { createdAt?: Date }).createdAt?.toISOString() ?? new Date(0).toISOString(),
    updatedAt: (member as { updatedAt?: Date }).updatedAt?.toISOString() ?? new Date(0).toISOString(),
  };
}

async function present(access: Access, members: StaffDoc[]): Promise<TStaff[]> {
  const ids = [...new Set(members.flatMap((m) => (m.stores ?? []).map(String)))];
  const names = await storeNames(access.businessId, ids);
  return members.map((m) => toStaffDto(m, names, access));
}

/**
 * Every store id must be a live store of the business the member covers; otherwise 404, the same answer as an
 * unknown id. Answers the stores, named.
 */
async function assertOwnStores(access: Access, ids: string[]): Promise<Map<string, StoreRef>> {
  for (const id of ids) assertStoreInScope(access, id);
  const found = await storeNames(access.businessId, ids);
  if (ids.some((id) => !found.has(id))) throw notFound('Store');
  return found;
}

/** A live staff member of the business who works at one of the member's stores (all, for all-store roles), or 404. */
export async function findOwnedStaff(access: Access, id: string): Promise<StaffDoc> {
  if (!mongoose.isValidObjectId(id)) throw notFound('Staff member');
  const member = await StaffModel.findOne({
    _id: id,
    business: access.businessId,
    deletedAt: null,
  }).lean<StaffDoc>();
  if (!member || !worksForMember(access, member)) throw notFound('Staff member');
  return member;
}

function worksForMember(access: Access, member: Pick<StaffDoc, 'stores'>): boolean {
  return access.storeIds === null || (member.stores ?? []).some((s) => coversStore(access, String(s)));
}

/** The store an audit entry about the person is filed under: their first store the member covers. */
async function auditStoreOf(access: Access, member: Pick<StaffDoc, 'stores'>) {
  const first = (member.stores ?? []).find((s) => coversStore(access, String(s)));
  if (!first) return null;
  const names = await storeNames(access.businessId, [String(first)]);
  return names.get(String(first)) ?? null;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function listStaff(access: Access, query: TStaffListQuery = {}): Promise<TStaff[]> {
  const { q, store, status } = ZStaffListQuerySchema.parse(query);
  const filter: Record<string, unknown> = { ...scopeFilter(access, 'stores'), deletedAt: null };
  if (store) {
    await assertOwnStores(access, [store]);
    filter.stores = new mongoose.Types.ObjectId(store);
  }
  if (status !== 'all') filter.active = status === 'active';
  if (q) {
    const re = { $regex: escapeRegex(q), $options: 'i' };
    filter.$or = [{ name: re }, { role: re }];
  }
  const members = await StaffModel.find(filter).lean<StaffDoc[]>();
  members.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return present(access, members);
}

export async function getStaff(access: Access, id: string): Promise<TStaff> {
  const [dto] = await present(access, [await findOwnedStaff(access, id)]);
  return dto!;
}

/** A store manager adds people to their own stores: one of them at least, or the person would vanish from view. */
function assertSomeStore(access: Access, stores: string[]): void {
  if (access.storeIds === null || stores.length > 0) return;
  const message = 'Choose at least one of your stores';
  throw new AppError('VALIDATION_ERROR', message, 400, { stores: [message] });
}

export async function createStaff(access: Access, input: TStaffInput): Promise<TStaff> {
  const data = ZStaffInputSchema.parse(input);
  assertSomeStore(access, data.stores);
  const names = await assertOwnStores(access, data.stores);
  const member = await StaffModel.create({ business: access.businessId, ...data });
  const first = names.get(data.stores[0] ?? '');
  await recordAudit(access, {
    kind: 'staff',
    action: 'staff.create',
    summary: `Added ${member.name}${first ? ` at ${first.name}` : ''}`,
    store: first ?? null,
    after: {
      name: member.name,
      role: member.role,
      stores: data.stores.map((id) => names.get(id)?.name ?? id),
    },
  });
  return getStaff(access, String(member._id));
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

/**
 * A store manager edits the stores they cover: the person's assignments to other stores stay as they are, whatever
 * the body lists (the manager never sees them).
 */
export async function updateStaff(access: Access, id: string, input: TStaffUpdate): Promise<TStaff> {
  const data = ZStaffUpdateSchema.parse(input);
  const before = await findOwnedStaff(access, id);
  const $set: Record<string, unknown> = Object.fromEntries(
    Object.entries(data).filter(([, v]) => v !== undefined),
  );
  if (data.stores) {
    await assertOwnStores(access, data.stores);
    const kept = (before.stores ?? []).map(String).filter((s) => !coversStore(access, s));
    if (kept.length === 0) assertSomeStore(access, data.stores);
    $set.stores = [...new Set([...kept, ...data.stores])];
  }
  const member = await setOnOwnedStaff(access.businessId, id, $set);
  if (!member) throw notFound('Staff member');
  await auditStaffUpdate(access, before, member);
  const [dto] = await present(access, [member]);
  return dto!;
}

/** "Renamed Ann to Anna", "Deactivated Ann", "Changed the stores of Ann": small before/after of what changed. */
async function auditStaffUpdate(access: Access, before: StaffDoc, after: StaffDoc): Promise<void> {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const said: string[] = [];
  if (before.name !== after.name) {
    [b.name, a.name] = [before.name, after.name];
    said.push(`renamed ${before.name} to ${after.name}`);
  }
  if ((before.role ?? '') !== (after.role ?? '')) {
    [b.role, a.role] = [before.role ?? '', after.role ?? ''];
    said.push(`changed the role of ${after.name} to "${after.role ?? ''}"`);
  }
  if ((before.email ?? null) !== (after.email ?? null)) {
    [b.email, a.email] = [before.email ?? null, after.email ?? null];
    said.push(after.email ? `set the email of ${after.name}` : `removed the email of ${after.name}`);
  }
  if ((before.active !== false) !== (after.active !== false)) {
    [b.active, a.active] = [before.active !== false, after.active !== false];
    said.push(`${after.active === false ? 'deactivated' : 'reactivated'} ${after.name}`);
  }
  const storesOf = (m: StaffDoc) => (m.stores ?? []).map(String).sort();
  if (JSON.stringify(storesOf(before)) !== JSON.stringify(storesOf(after))) {
    const names = await storeNames(access.businessId, [...storesOf(before), ...storesOf(after)]);
    const named = (m: StaffDoc) => storesOf(m).flatMap((s) => names.get(s)?.name ?? []);
    [b.stores, a.stores] = [named(before), named(after)];
    said.push(`changed the stores of ${after.name}`);
  }
  if (said.length === 0) return;
  const summary = said.join(', ');
  await recordAudit(access, {
    kind: 'staff',
    action: 'staff.update',
    summary: summary.charAt(0).toUpperCase() + summary.slice(1),
    store: await auditStoreOf(access, after),
    before: b,
    after: a,
  });
}

/**
 * Soft delete: ratings keep naming the person; shifts that have not started yet go, past ones stay for history. A
 * store manager removing someone who also works at stores they do not cover takes them off their own stores only.
 */
export async function deleteStaff(
  access: Access,
  id: string,
  now = new Date(),
): Promise<{ message: string }> {
  const business = access.businessId;
  const member = await findOwnedStaff(access, id);
  const elsewhere = (member.stores ?? []).filter((s) => !coversStore(access, String(s)));
  if (elsewhere.length > 0) return removeFromMyStores(access, member, now);
  const updated = await StaffModel.updateOne(
    { _id: id, business, deletedAt: null },
    { $set: { deletedAt: now, active: false } },
  );
  if (updated.matchedCount === 0) throw notFound('Staff member');
  const { deletedCount } = await ShiftModel.deleteMany({ business, staff: member._id, start: { $gte: now } });
  const shifts = deletedCount
    ? ` and ${deletedCount} upcoming shift${deletedCount === 1 ? '' : 's'} removed`
    : '';
  await recordAudit(access, {
    kind: 'staff',
    action: 'staff.delete',
    summary: `Deleted ${member.name}`,
    store: await auditStoreOf(access, member),
    before: { name: member.name, role: member.role ?? '' },
  });
  return { message: `${member.name} deleted${shifts}. Their ratings are kept for your reports.` };
}

async function removeFromMyStores(access: Access, member: StaffDoc, now: Date): Promise<{ message: string }> {
  const mine = (member.stores ?? []).filter((s) => coversStore(access, String(s)));
  const where = await auditStoreOf(access, member);
  await StaffModel.updateOne(
    { _id: member._id, business: access.businessId },
    { $pull: { stores: { $in: mine } } },
  );
  await ShiftModel.deleteMany({
    business: access.businessId,
    staff: member._id,
    store: { $in: mine },
    start: { $gte: now },
  });
  await recordAudit(access, {
    kind: 'staff',
    action: 'staff.delete',
    summary: `Removed ${member.name} from ${mine.length === 1 && where ? where.name : 'their stores'}`,
    store: where,
    before: { name: member.name },
  });
  return {
    message: `${member.name} no longer works at your stores. Their ratings are kept for your reports.`,
  };
}

export async function setStaffPhoto(
  access: Access,
  id: string,
  file: { buffer: Buffer } | undefined,
): Promise<TStaff> {
  const business = access.businessId;
  if (!file?.buffer?.length) {
    throw new AppError('IMAGE_REQUIRED', 'Please choose a photo to upload', 400, {
      image: ['Please choose a photo to upload'],
    });
  }
  const before = await findOwnedStaff(access, id);
  const member = await replaceImage(file.buffer, {
    business,
    purpose: 'staff',
    previous: before.photo,
    attach: (photo) => setOnOwnedStaff(business, id, { photo }),
    gone: () => notFound('Staff member'),
  });
  await auditPhoto(access, member, `Changed the photo of ${member.name}`);
  const [dto] = await present(access, [member]);
  return dto!;
}

export async function removeStaffPhoto(access: Access, id: string): Promise<TStaff> {
  const before = await findOwnedStaff(access, id);
  const member = await setOnOwnedStaff(access.businessId, id, { photo: null });
  if (!member) throw notFound('Staff member');
  await deleteFile(before.photo);
  if (before.photo) await auditPhoto(access, member, `Removed the photo of ${member.name}`);
  const [dto] = await present(access, [member]);
  return dto!;
}

async function auditPhoto(access: Access, member: StaffDoc, summary: string): Promise<void> {
  await recordAudit(access, {
    kind: 'staff',
    action: 'staff.photo',
    summary,
    store: await auditStoreOf(access, member),
  });
}
