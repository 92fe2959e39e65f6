// /stores/bulk: interface switches and opening hours applied to many of the member's stores at once, audited per store.
import { initServer } from '@ts-rest/express';
import {
  contract,
  type TBulkResult,
  type TStoreInterfaces,
  type TStoreInterfacesUpdate,
  type ZOpeningHoursSchema,
} from '@cx/contracts';
import type { Types } from 'mongoose';
import { accessOf, assertOwnStores, type Access } from '../../tenancy/access';
import { auditInterfaces } from './stores.audit';
import { interfacesOf, toStoreDto, updateStore } from './stores.service';
import { StoreModel, type StoreDoc } from './store.model';

type TOpeningHours = ReturnType<typeof ZOpeningHoursSchema.parse>;

const plural = (n: number) => `${n} store${n === 1 ? '' : 's'}`;

function resultMessage(what: string, changed: number, unchanged: number): string {
  const head = changed > 0 ? `${what} at ${plural(changed)}` : `Nothing to change`;
  const tail = unchanged > 0 ? ` (${plural(unchanged)} already had ${changed > 0 ? 'it' : 'this'})` : '';
  return `${head}${tail}`;
}

/**
 * Every id must be a live store the member covers, checked before anything is written: a manager who names a store
 * outside theirs gets the same 404 as for another business's store, and no store changes.
 */
async function liveStores(access: Access, ids: string[]): Promise<StoreDoc[]> {
  await assertOwnStores(access, ids);
  return StoreModel.find({ business: access.businessId, _id: { $in: ids }, deletedAt: null }).lean<
    StoreDoc[]
  >();
}

export async function bulkInterfaces(
  access: Access,
  ids: string[],
  update: TStoreInterfacesUpdate,
): Promise<TBulkResult> {
  const stores = await liveStores(access, ids);
  const changed: Array<{ store: StoreDoc; was: TStoreInterfaces; now: TStoreInterfaces }> = [];
  const unchanged: string[] = [];
  for (const store of stores) {
    const was = interfacesOf(store);
    const now = { ...was };
    for (const [key, value] of Object.entries(update)) {
      if (value) now[key as keyof TStoreInterfaces] = { status: value.status };
    }
    if (JSON.stringify(was) === JSON.stringify(now)) unchanged.push(String(store._id));
    else changed.push({ store, was, now });
  }
  const $set: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value) $set[`interfaces.${key}.status`] = value.status;
  }
  if (changed.length > 0) {
    await StoreModel.updateMany(
      {
        business: access.businessId,
        _id: { $in: changed.map((c) => c.store._id as Types.ObjectId) },
        deletedAt: null,
      },
      { $set },
    );
  }
  // One entry per store, in the same words as a single store's switch ("Turned off staff ratings at Soho"), so the
  // audit log filtered by store tells each store's whole story.
  for (const c of changed) await auditInterfaces(access, c.store, c.was, c.now);
  return {
    message: resultMessage('Interfaces updated', changed.length, unchanged.length),
    changed: changed.map((c) => String(c.store._id)),
    unchanged,
  };
}

const byDay = (hours: TOpeningHours) => [...hours].sort((a, b) => a.day - b.day);

export async function bulkOpeningHours(
  access: Access,
  ids: string[],
  openingHours: TOpeningHours,
): Promise<TBulkResult> {
  const stores = await liveStores(access, ids);
  const week = byDay(openingHours);
  const wanted = JSON.stringify(week);
  const changed: string[] = [];
  const unchanged: string[] = [];
  for (const store of stores) {
    const id = String(store._id);
    const dto = toStoreDto(store);
    const same = JSON.stringify(byDay(dto.openingHours)) === wanted;
    const inheriting = dto.inherited.openingHours !== undefined;
    if (same && !inheriting) {
      unchanged.push(id);
      continue;
    }
    // The single-store update: it makes the hours the store's own and writes its audit entry when they change.
    await updateStore(access, id, { openingHours: week });
    (same ? unchanged : changed).push(id);
  }
  return {
    message: resultMessage('Opening hours applied', changed.length, unchanged.length),
    changed,
    unchanged,
  };
}

const s = initServer();

export const storeBulkRouter = s.router(contract.storeBulk, {
  interfaces: async ({ req, body }) => ({
    status: 200,
    body: await bulkInterfaces(accessOf(req), body.stores, body.interfaces),
  }),
  openingHours: async ({ req, body }) => ({
    status: 200,
    body: await bulkOpeningHours(accessOf(req), body.stores, body.openingHours),
  }),
});
