// Store logic: tenant-scoped CRUD, image, interface toggles and the soft delete that keeps ratings for history.
import type {
  TStore,
  TStoreInput,
  TStoreInterfaces,
  TStoreInterfacesUpdate,
  TStoreUpdate,
} from '@cx/contracts';
import {
  AREA_MESSAGES,
  AREA_SETTING_KEYS,
  can,
  DEFAULT_MIN_RATING_INTERVAL_MINUTES,
  QR_PAGE_LANGUAGES,
  type TQrPageLanguage,
  ZStoreInputSchema,
  ZStoreUpdateSchema,
} from '@cx/contracts';
import mongoose, { type Types } from 'mongoose';
import { env } from '../../config/env';
import { AppError, notFound } from '../../lib/errors';
import { deleteFile, fileUrl, replaceImage } from '../../lib/files';
import { RatingModel } from '../ratings/rating.model';
import { ShiftModel } from '../rota/shift.model';
import { StaffModel } from '../staff/staff.model';
import { UserModel } from '../users/user.model';
import { assertStoreInScope, forbidden, scopeFilter, type Access } from '../../tenancy/access';
import { afterTreeChange, areaTree } from '../../tenancy/area-tree';
import { findArea, rootArea } from '../../tenancy/areas';
import { applyAreaSettings, inheritedKeys, inheritedOf } from '../../tenancy/area-settings';
import { recordAudit } from '../../tenancy/audit';
import { auditInterfaces, auditStoreMove, auditStoreUpdate } from './stores.audit';
import { assertCodeFree, tagMatcher } from './stores.codes';
import { StoreModel, type StoreDoc } from './store.model';

type StoreInput = ReturnType<typeof ZStoreInputSchema.parse>;
type StoreUpdate = ReturnType<typeof ZStoreUpdateSchema.parse>;

/** The page a store's QR code opens. */
export function rateUrlFor(storeId: string): string {
  return `${env.PUBLIC_WEB_URL.replace(/\/+$/, '')}/rate-staff?store=${storeId}`;
}

export function interfacesOf(store: Pick<StoreDoc, 'interfaces'>): TStoreInterfaces {
  const i = store.interfaces;
  return {
    interface1: { status: i?.interface1?.status !== false },
    interface2: { status: i?.interface2?.status !== false },
    interface3: { status: i?.interface3?.status !== false },
  };
}

export function socialLinksOf(store: Pick<StoreDoc, 'socialLinks'>): TStore['socialLinks'] {
  const l = store.socialLinks;
  return {
    googleReview: l?.googleReview ?? null,
    facebook: l?.facebook ?? null,
    instagram: l?.instagram ?? null,
    tripadvisor: l?.tripadvisor ?? null,
    website: l?.website ?? null,
  };
}

export function toStoreDto(store: StoreDoc): TStore {
  const id = String(store._id);
  return {
    _id: id,
    name: store.name,
    image: fileUrl(store.image),
    address: store.address ?? '',
    timeZone: store.timeZone,
    openingHours: (store.openingHours ?? []).map((h) => ({
      day: h.day,
      open: h.open ?? '09:00',
      close: h.close ?? '17:00',
      closed: h.closed ?? false,
    })),
    socialLinks: socialLinksOf(store),
    interfaces: interfacesOf(store),
    minRatingIntervalMinutes: store.minRatingIntervalMinutes ?? DEFAULT_MIN_RATING_INTERVAL_MINUTES,
    languages: store.languages?.length ? (store.languages as TQrPageLanguage[]) : [...QR_PAGE_LANGUAGES],
    inherited: inheritedOf(store),
    area: store.area ? String(store.area) : null,
    code: store.code ?? null,
    tags: store.tags ?? [],
    rateUrl: rateUrlFor(id),
    createdAt: (store as { createdAt?: Date }).createdAt?.toISOString() ?? new Date(0).toISOString(),
    updatedAt: (store as { updatedAt?: Date }).updatedAt?.toISOString() ?? new Date(0).toISOString(),
  };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A live store of this owner, or 404 (also for other tenants' ids, so ids cannot be probed). */
export async function findOwnedStore(business: string, id: string): Promise<StoreDoc> {
  if (!mongoose.isValidObjectId(id)) throw notFound('Store');
  const store = await StoreModel.findOne({ _id: id, business, deletedAt: null }).lean<StoreDoc>();
  if (!store) throw notFound('Store');
  return store;
}

/** Applies `$set` to a live store of this owner in one atomic update; null when there is none (any more). */
async function setOnOwnedStore(
  business: string,
  id: string,
  $set: Record<string, unknown>,
  $unset: Record<string, 1> = {},
): Promise<StoreDoc | null> {
  return StoreModel.findOneAndUpdate(
    { _id: id, business, deletedAt: null },
    Object.keys($unset).length ? { $set, $unset } : { $set },
    { returnDocument: 'after' },
  ).lean<StoreDoc>();
}

/** A live store of the member's business within their stores, or 404 (the guard checked params.id already). */
export async function findStoreInScope(access: Access, id: string): Promise<StoreDoc> {
  assertStoreInScope(access, id);
  return findOwnedStore(access.businessId, id);
}

/** The business's live stores the member covers, by name; q matches name or code, tags keeps those carrying all. */
export async function listStores(access: Access, q?: string, tags: string[] = []): Promise<TStore[]> {
  const filter: Record<string, unknown> = { ...scopeFilter(access, '_id'), deletedAt: null };
  if (q) {
    const match = { $regex: escapeRegex(q), $options: 'i' };
    filter.$or = [{ name: match }, { code: match }];
  }
  if (tags.length > 0) filter.tags = { $all: tags.map(tagMatcher) };
  const stores = await StoreModel.find(filter).lean<StoreDoc[]>();
  return stores
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
    .map(toStoreDto);
}

export async function getStore(access: Access, id: string): Promise<TStore> {
  return toStoreDto(await findStoreInScope(access, id));
}

export async function createStore(access: Access, input: TStoreInput | StoreInput): Promise<TStore> {
  const data = ZStoreInputSchema.parse(input);
  const business = access.businessId;
  const area = data.area ? await findArea(business, data.area) : await rootArea(business);
  await assertCodeFree(business, data.code);
  const inherits = inheritedKeys(data);
  const tree = await areaTree(business);
  const created = await StoreModel.create({
    business,
    area: area._id,
    ...(data.code ? { code: data.code } : {}),
    tags: data.tags,
    name: data.name,
    address: data.address,
    ...Object.fromEntries(AREA_SETTING_KEYS.flatMap((k) => (data[k] === undefined ? [] : [[k, data[k]]]))),
    inherits,
    socialLinks: socialLinksOf({ socialLinks: data.socialLinks } as Pick<StoreDoc, 'socialLinks'>),
  });
  await afterTreeChange(business, tree);
  // The settings left out come from its area, written before anyone reads the store.
  if (inherits.length) await applyAreaSettings(business, { stores: [created._id] });
  const store = (await StoreModel.findById(created._id).lean<StoreDoc>()) ?? (created.toObject() as StoreDoc);
  await recordAudit(access, {
    kind: 'store',
    action: 'store.create',
    summary: `Added the store ${store.name}`,
    store,
    after: { name: store.name, address: store.address ?? '', timeZone: store.timeZone },
  });
  return toStoreDto(store);
}

export async function updateStore(
  access: Access,
  id: string,
  input: TStoreUpdate | StoreUpdate,
): Promise<TStore> {
  const data = ZStoreUpdateSchema.parse(input);
  const business = access.businessId;
  const before = await findStoreInScope(access, id);
  const tree = data.area !== undefined ? await areaTree(business) : null;
  const $set: Record<string, unknown> = {};
  // Moving a store changes who covers it: a structural change, like the tree itself.
  if (data.area !== undefined) {
    if (!can(access.role, 'areas:manage')) throw forbidden(AREA_MESSAGES.moveStoreForbidden);
    $set.area = (await findArea(business, data.area))._id;
  }
  for (const key of ['name', 'address', 'tags', ...AREA_SETTING_KEYS] as const) {
    if (data[key] !== undefined) $set[key] = data[key];
  }
  // A setting given a value becomes the store's own; one named in `inherit` (without a value) comes from the area.
  const wasInheriting = (before.inherits ?? []) as string[];
  const inherits = AREA_SETTING_KEYS.filter(
    (k) => data[k] === undefined && (wasInheriting.includes(k) || data.inherit?.includes(k)),
  );
  const inheritsChanged = inherits.join() !== wasInheriting.join();
  if (inheritsChanged) $set.inherits = inherits;
  const $unset: Record<string, 1> = {};
  if (data.code !== undefined && data.code !== (before.code ?? null)) {
    await assertCodeFree(business, data.code, before._id);
    if (data.code) $set.code = data.code;
    else $unset.code = 1;
  }
  // Links are set one by one so a form that sends only the changed link does not wipe the others.
  for (const [key, value] of Object.entries(data.socialLinks ?? {})) {
    if (value !== undefined) $set[`socialLinks.${key}`] = value;
  }
  let store = await setOnOwnedStore(business, id, $set, $unset);
  if (!store) throw notFound('Store');
  // Before answering: the next request of a district manager the store left must no longer see it.
  if (tree && String(before.area) !== String(store.area)) await afterTreeChange(business, tree);
  // Moved, or inheriting something new: it takes its (new) area's values, as the area's other stores have.
  if (
    inherits.length &&
    (inheritsChanged || $set.area !== undefined || inherits.length !== wasInheriting.length)
  ) {
    await applyAreaSettings(business, { stores: [store._id as Types.ObjectId] });
    store = (await StoreModel.findOne({ _id: store._id, business }).lean<StoreDoc>()) ?? store;
  }
  await auditStoreUpdate(access, before, store, data);
  await auditStoreMove(access, before, store);
  return toStoreDto(store);
}

/**
 * Soft delete. Ratings keep pointing at the store so reports and league tables stay truthful; shifts that have not
 * started yet are removed and the store is taken off staff profiles and the owner's selected store.
 */
export async function deleteStore(
  access: Access,
  id: string,
  now = new Date(),
): Promise<{ message: string; ratingsKept: number }> {
  const business = access.businessId;
  const store = await findStoreInScope(access, id);
  // The code is freed for a new store (the unique index counts stores that have one); formerCode keeps it on record.
  const updated = await StoreModel.updateOne(
    { _id: id, business, deletedAt: null },
    store.code
      ? { $set: { deletedAt: now, formerCode: store.code }, $unset: { code: 1 } }
      : { $set: { deletedAt: now } },
  );
  if (updated.matchedCount === 0) throw notFound('Store');
  const storeId = store._id as Types.ObjectId;
  const [ratingsKept] = await Promise.all([
    RatingModel.countDocuments({ business, store: storeId }),
    ShiftModel.deleteMany({ business, store: storeId, start: { $gte: now } }),
    StaffModel.updateMany({ business, stores: storeId }, { $pull: { stores: storeId } }),
    UserModel.updateMany({ selectedStore: storeId }, { $set: { selectedStore: null } }),
  ]);
  await recordAudit(access, {
    kind: 'store',
    action: 'store.delete',
    summary: `Deleted the store ${store.name}`,
    store,
    before: { name: store.name },
    after: { ratingsKept },
  });
  const message =
    ratingsKept > 0
      ? `Store "${store.name}" deleted. Its ${ratingsKept} rating${ratingsKept === 1 ? ' is' : 's are'} kept for your reports.`
      : `Store "${store.name}" deleted.`;
  return { message, ratingsKept };
}

export interface UploadedFile {
  buffer: Buffer;
}

export async function setStoreImage(
  access: Access,
  id: string,
  file: UploadedFile | undefined,
): Promise<TStore> {
  const business = access.businessId;
  if (!file?.buffer?.length) {
    throw new AppError('IMAGE_REQUIRED', 'Please choose an image to upload', 400, {
      image: ['Please choose an image to upload'],
    });
  }
  const before = await findStoreInScope(access, id);
  const store = await replaceImage(file.buffer, {
    business,
    purpose: 'store',
    previous: before.image,
    attach: (image) => setOnOwnedStore(business, id, { image }),
    gone: () => notFound('Store'),
  });
  await recordAudit(access, {
    kind: 'store',
    action: 'store.image',
    summary: `Changed the picture of ${store.name}`,
    store,
  });
  return toStoreDto(store);
}

export async function removeStoreImage(access: Access, id: string): Promise<TStore> {
  const business = access.businessId;
  const before = await findStoreInScope(access, id);
  const store = await setOnOwnedStore(business, id, { image: null });
  if (!store) throw notFound('Store');
  await deleteFile(before.image);
  if (before.image) {
    await recordAudit(access, {
      kind: 'store',
      action: 'store.image',
      summary: `Removed the picture of ${store.name}`,
      store,
    });
  }
  return toStoreDto(store);
}

export async function getInterfaces(access: Access, id: string): Promise<TStoreInterfaces> {
  return interfacesOf(await findStoreInScope(access, id));
}

export async function updateInterfaces(
  access: Access,
  id: string,
  update: TStoreInterfacesUpdate,
): Promise<{ message: string; interfaces: TStoreInterfaces }> {
  const business = access.businessId;
  assertStoreInScope(access, id);
  const $set: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value) $set[`interfaces.${key}.status`] = value.status;
  }
  if (!mongoose.isValidObjectId(id)) throw notFound('Store');
  const before = await StoreModel.findOneAndUpdate(
    { _id: id, business, deletedAt: null },
    { $set },
    { returnDocument: 'before' },
  ).lean<StoreDoc>();
  if (!before) throw notFound('Store');
  const was = interfacesOf(before);
  const interfaces = { ...was };
  for (const [key, value] of Object.entries(update)) {
    if (value) interfaces[key as keyof TStoreInterfaces] = { status: value.status };
  }
  await auditInterfaces(access, before, was, interfaces);
  const anyEnabled = Object.values(interfaces).some((i) => i.status);
  // Disabling all three is allowed (a store can be paused), but the owner is told what that means for customers.
  const message = anyEnabled
    ? 'Interface settings updated'
    : 'Interface settings updated. All interfaces are disabled: customers cannot rate this store until you enable one.';
  return { message, interfaces };
}
