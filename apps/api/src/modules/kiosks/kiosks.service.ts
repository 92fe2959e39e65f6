// Kiosk enrolment, listing and revocation for editors, and the one check that decides a submit came from a kiosk.
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import type { TKiosk, TKioskEnrolled } from '@cx/contracts';
import { notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Access } from '../../tenancy/access';
import { scopeFilter } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { StoreModel } from '../stores/store.model';
import { UserModel } from '../users/user.model';
import { KioskModel, type KioskDoc } from './kiosk.model';

const PREFIX = 'kio_';
/** kio_ + 32 random bytes in base64url: junk is refused before any database read. */
const SHAPE = /^kio_[A-Za-z0-9_-]{43}$/;
/** lastUsedAt is a "when was this tablet last used" hint: written at most once a minute, not on every rating. */
export const KIOSK_LAST_USED_EVERY_MS = 60_000;

const hashOf = (credential: string) => createHash('sha256').update(credential).digest('hex');

export async function enrolKiosk(access: Access, storeId: string, label = ''): Promise<TKioskEnrolled> {
  const store = await StoreModel.findOne(
    { _id: storeId, business: access.businessId, deletedAt: null },
    { name: 1 },
  ).lean();
  if (!store) throw notFound('Store');
  const credential = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const kiosk = await KioskModel.create({
    business: access.businessId,
    store: store._id,
    label,
    credentialHash: hashOf(credential),
    createdBy: access.userId,
    createdAt: new Date(),
  });
  await recordAudit(access, {
    kind: 'kiosk',
    action: 'kiosk.enrol',
    summary: `Enrolled a kiosk tablet${label ? ` (${label})` : ''} at ${store.name}`,
    store,
    after: { label },
  });
  return {
    _id: String(kiosk._id),
    credential,
    store: String(store._id),
    label: kiosk.label ?? '',
    createdAt: kiosk.createdAt.toISOString(),
  };
}

export async function listKiosks(access: Access): Promise<TKiosk[]> {
  const kiosks = await KioskModel.find(scopeFilter(access), { credentialHash: 0 })
    .sort({ createdAt: -1, _id: -1 })
    .lean<KioskDoc[]>();
  const [stores, users] = await Promise.all([
    StoreModel.find({ _id: { $in: kiosks.map((k) => k.store) }, deletedAt: null }, { name: 1 }).lean(),
    UserModel.find({ _id: { $in: kiosks.map((k) => k.createdBy) } }, { fullname: 1 }).lean(),
  ]);
  const storeName = new Map(stores.map((s) => [String(s._id), s.name]));
  const userName = new Map(users.map((u) => [String(u._id), u.fullname]));
  // A deleted store's QR no longer opens anything, so its tablets are no kiosks any more.
  return kiosks
    .filter((k) => storeName.has(String(k.store)))
    .map((k) => ({
      _id: String(k._id),
      store: { _id: String(k.store), name: storeName.get(String(k.store))! },
      label: k.label ?? '',
      createdBy: userName.has(String(k.createdBy)) ? { name: userName.get(String(k.createdBy))! } : null,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
    }));
}

/** A kiosk outside the member's stores or business is a 404, like an unknown id. */
export async function revokeKiosk(access: Access, id: string): Promise<void> {
  const kiosk = await KioskModel.findOneAndDelete({ _id: id, ...scopeFilter(access) }).lean<KioskDoc>();
  if (!kiosk) throw notFound('Kiosk');
  const store = await StoreModel.findById(kiosk.store, { name: 1 }).lean();
  await recordAudit(access, {
    kind: 'kiosk',
    action: 'kiosk.revoke',
    summary: `Revoked a kiosk tablet${kiosk.label ? ` (${kiosk.label})` : ''} at ${store?.name ?? 'a deleted store'}`,
    store: store ?? { _id: kiosk.store },
    before: { label: kiosk.label ?? '' },
  });
}

/**
 * The kiosk's id when the credential is enrolled (not revoked) for this very store, else null: the only way a submit
 * counts as a kiosk's. Marks the tablet as used, at most once a minute.
 */
export async function kioskFor(credential: string | undefined, storeId: string, now: Date): Promise<string | null> {
  if (!credential || !SHAPE.test(credential) || !Types.ObjectId.isValid(storeId)) return null;
  const kiosk = await KioskModel.findOne(
    { credentialHash: hashOf(credential) },
    { store: 1, lastUsedAt: 1 },
  ).lean();
  if (!kiosk || String(kiosk.store) !== String(storeId)) return null;
  const stale = new Date(now.getTime() - KIOSK_LAST_USED_EVERY_MS);
  if (!kiosk.lastUsedAt || kiosk.lastUsedAt <= stale) {
    await KioskModel.updateOne(
      { _id: kiosk._id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: stale } }] },
      { $set: { lastUsedAt: now } },
    ).catch((err: unknown) => logger.warn({ err }, 'kiosk last use not recorded'));
  }
  return String(kiosk._id);
}
