// Public store lookups for the QR pages: only customer-safe fields, and 404 for unknown or deleted stores.
import type { TPublicStore, TStoreInterfaces } from '@cx/contracts';
import mongoose from 'mongoose';
import { notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { StoreModel, type StoreDoc } from '../stores/store.model';
import { interfacesOf, socialLinksOf } from '../stores/stores.service';
import { publicBrand } from '../brand/brand.service';

/** Only the fields a customer may see are read from the database at all. */
const PUBLIC_PROJECTION = { name: 1, image: 1, socialLinks: 1, interfaces: 1, business: 1 } as const;

async function findLiveStore(
  id: string,
): Promise<Pick<StoreDoc, '_id' | 'name' | 'image' | 'socialLinks' | 'interfaces' | 'business'>> {
  if (!mongoose.isValidObjectId(id)) throw notFound('Store');
  const store = await StoreModel.findOne({ _id: id, deletedAt: null }, PUBLIC_PROJECTION).lean<StoreDoc>();
  if (!store) throw notFound('Store');
  return store;
}

export async function publicInterfaces(storeId: string): Promise<TStoreInterfaces> {
  return interfacesOf(await findLiveStore(storeId));
}

export async function publicStoreDetails(id: string): Promise<TPublicStore> {
  const store = await findLiveStore(id);
  const brand = await publicBrand(store.business);
  return {
    _id: String(store._id),
    name: store.name,
    image: fileUrl(store.image),
    socialLinks: socialLinksOf(store),
    interfaces: interfacesOf(store),
    brand,
  };
}
