// API keys: created with a secret shown once (only its SHA-256 is kept), listed without secrets, revoked.
import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { API_KEY_PREFIX, type TApiKey, type TCreateApiKey, ZCreateApiKeySchema } from '@cx/contracts';
import { notFound } from '../../lib/errors';
import type { Access } from '../../tenancy/access';
import { assertOwnStores } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { UserModel } from '../users/user.model';
import { ApiKeyModel, apiKeyHash, type ApiKeyDoc } from './api-key.model';

/** 24 random bytes in base64url after the prefix: 192 bits, unguessable, copy-paste safe. */
const newKey = () => `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;

export async function createApiKey(
  access: Access,
  input: TCreateApiKey,
): Promise<{ _id: string; key: string }> {
  const body = ZCreateApiKeySchema.parse(input);
  const stores = body.stores ?? [];
  await assertOwnStores(access, stores);
  const key = newKey();
  const doc = await ApiKeyModel.create({
    business: access.businessId,
    name: body.name,
    prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    hash: apiKeyHash(key),
    scopes: body.scopes,
    stores: stores.map((id) => new Types.ObjectId(id)),
    createdBy: access.userId,
  });
  await recordAudit(access, {
    kind: 'api-key',
    action: 'api-key.create',
    summary: `Created the API key "${body.name}" (${body.scopes.join(', ')})`,
    after: { name: body.name, prefix: doc.prefix, scopes: body.scopes, stores },
  });
  return { _id: String(doc._id), key };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function listApiKeys(access: Access): Promise<TApiKey[]> {
  const keys = await ApiKeyModel.find({ business: access.businessId })
    .sort({ createdAt: -1 })
    .lean<ApiKeyDoc[]>();
  const creators = await UserModel.find(
    { _id: { $in: keys.map((k) => k.createdBy).filter(Boolean) } },
    { fullname: 1 },
  ).lean();
  const names = new Map(creators.map((u) => [String(u._id), u.fullname]));
  return keys.map((k) => ({
    _id: String(k._id),
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes as TApiKey['scopes'],
    stores: (k.stores ?? []).map(String),
    createdBy: k.createdBy
      ? { _id: String(k.createdBy), name: names.get(String(k.createdBy)) ?? 'Former member' }
      : null,
    createdAt: iso(k.createdAt as Date)!,
    lastUsedAt: iso(k.lastUsedAt),
    revokedAt: iso(k.revokedAt),
  }));
}

export async function revokeApiKey(access: Access, id: string): Promise<void> {
  const key = await ApiKeyModel.findOneAndUpdate(
    { _id: id, business: access.businessId, revokedAt: null },
    { $set: { revokedAt: new Date() } },
  ).lean<ApiKeyDoc>();
  if (!key) throw notFound('API key');
  await recordAudit(access, {
    kind: 'api-key',
    action: 'api-key.revoke',
    summary: `Revoked the API key "${key.name}" (${key.prefix}…)`,
    before: { name: key.name, prefix: key.prefix },
  });
}
